/** A loopback SMTP server (RFC 5321's plain exchange, no TLS, no auth) that records the mails it accepts, or refuses them. */
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpStandIn {
  url: string;
  mails: ReceivedMail[];
  /** When set, RCPT TO is answered with this reply (e.g. `550 5.1.1 no such user`). */
  refuseWith: string | null;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const state = { mails: [] as ReceivedMail[], refuseWith: null as string | null };
  const server: Server = createServer((socket) => {
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    let inData = false;
    let buffer = "";
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 smtp.test ESMTP stand-in");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let at: number;
      while ((at = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            state.mails.push(mail);
            mail = { from: "", to: [], data: "" };
            reply("250 2.0.0 queued");
          } else mail.data += (line.startsWith("..") ? line.slice(1) : line) + "\n";
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 smtp.test");
        else if (verb === "MAIL") (mail.from = line.slice(10)), reply("250 2.1.0 ok");
        else if (verb === "RCPT") state.refuseWith ? reply(state.refuseWith) : (mail.to.push(line.slice(8)), reply("250 2.1.5 ok"));
        else if (verb === "DATA") (inData = true), reply("354 end with <CRLF>.<CRLF>");
        else if (verb === "RSET") (mail = { from: "", to: [], data: "" }), reply("250 ok");
        else if (verb === "QUIT") reply("221 bye"), socket.end();
        else reply("502 5.5.2 not implemented");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
