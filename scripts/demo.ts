/**
 * `npm run demo`: Patchbay plus the example app on this machine, with an account and a key made, and the next steps
 * printed with their real values. Ctrl-C stops everything. PORT (default 3000), PATCHBAY_DATA_DIR (default: a
 * fresh temporary dir) and the other settings of the service apply.
 */
import { startDemo, EXAMPLE_APP, EXAMPLE_APIKEY_APP } from "../src/demo/start-demo.js";

const demo = await startDemo({ LOG_LEVEL: "warn", ...process.env });
const base = demo.service.services.config.baseUrl;
process.stderr.write(`
Patchbay demo is running at ${base} (data dir ${demo.service.services.config.dataDir}).
The example app "${EXAMPLE_APP}" (OAuth 2.0) and "${EXAMPLE_APIKEY_APP}" (API key ${demo.example.apiKey}) run at ${demo.example.url}
(description: ${demo.example.url}/openapi.json). A receiver for deliveries listens at ${demo.receiver.url}.

  export PB=${base} KEY=${demo.key} RECEIVER=${demo.receiver.url}
  curl -s -X POST $PB/api/v1/apps/${EXAMPLE_APP}/connect -H "Authorization: Bearer $KEY" -H 'content-type: application/json' -d '{}'
      # open the "url" it answers in a browser: the example signs in at once, and the connection is stored

Then follow the README's quick start ("Try it with the example app"). Ctrl-C stops the demo.
`);

const stop = async () => {
  await demo.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
