/**
 * Requests Node's HTTP parser refuses before Koa sees them (a request line or headers over the size limit, bytes
 * that are not HTTP) get an answer in the error shape instead of Node's bare status line: 400 with a message that
 * says what to change. Sockets already written to, or gone, are just closed.
 */
import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";

const MESSAGES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "The request line and headers are larger than the server accepts (16 kB): send long values in a JSON body instead.",
  HPE_URI_TOO_LONG: "The request line is larger than the server accepts (16 kB): send long values in a JSON body instead.",
};

export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  if (err.code === "ECONNRESET") return void socket.destroy();
  const message = MESSAGES[err.code ?? ""] ?? "The request is not valid HTTP/1.1.";
  const requestId = `req_${randomUUID().replace(/-/g, "")}`;
  const body = JSON.stringify({ error: { code: "invalid_request", message, requestId } });
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}
