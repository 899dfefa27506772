/**
 * `patchbay`: set up a server without a browser. Uses the same environment as the service (DATABASE_URL,
 * PATCHBAY_DATA_DIR, PATCHBAY_SECRET) and the same default data dir (the install's `data/`, wherever the command is
 * run from), so keys made here work there; every command that opens the database says which one on stderr.
 * The commands, their options and their help are in commands.ts.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.js";
import { ApiError } from "../errors.js";
import { DatabaseUnreachable } from "../db/open-database.js";
import { rootDir } from "../db/paths.js";
import { openCliContext } from "./context.js";
import { COMMANDS, commandHelp, generalHelp, parseOptions, UsageError, type Command, type Values } from "./commands.js";

const NOUNS = [...new Set(COMMANDS.map((c) => c.name.split(" ")[0]!))];

/** A command line that is wrong: a one-line error, then the usage, exit 2. */
class BadCommandLine extends Error {
  constructor(message: string, readonly usage: string) {
    super(message);
  }
}

const isHelp = (arg: string | undefined) => arg === "--help" || arg === "-h" || arg === "help";

async function main(argv: string[]): Promise<number> {
  const [first, second, ...rest] = argv;
  if (first === "--version" || first === "-v" || first === "version") {
    console.log(JSON.parse(readFileSync(`${rootDir}/package.json`, "utf8")).version);
    return 0;
  }
  if (first === undefined) throw new BadCommandLine("Give a command.", generalHelp());
  if (isHelp(first)) {
    // `patchbay help`, `patchbay help key`, `patchbay help key create`
    const named = second && COMMANDS.find((c) => c.name === `${second} ${rest[0] ?? ""}`.trim());
    console.log(named ? commandHelp(named) : generalHelp(second && NOUNS.includes(second) ? second : undefined));
    return 0;
  }
  if (!NOUNS.includes(first)) throw new BadCommandLine(`Unknown command '${first}'.`, generalHelp());
  if (second === undefined || isHelp(second)) {
    if (second === undefined) throw new BadCommandLine(`Give a ${first} command.`, generalHelp(first));
    console.log(generalHelp(first));
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === `${first} ${second}`);
  if (!command) throw new BadCommandLine(`Unknown command '${first} ${second}'.`, generalHelp(first));
  const { values, positionals } = parseCommandLine(command, rest);
  if (values.help) {
    console.log(commandHelp(command));
    return 0;
  }
  const ctx = await openCliContext(loadConfig());
  try {
    // A repeatable option's values come as a list; the others as one string each.
    const lists: Record<string, string[]> = {};
    const single: Values = {};
    for (const [name, value] of Object.entries(values)) {
      if (Array.isArray(value)) lists[name] = value as string[];
      else if (typeof value === "string") single[name] = value;
    }
    await command.run(ctx, single, positionals, lists);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) throw new BadCommandLine(err.message, commandHelp(command));
    throw err;
  } finally {
    await ctx.close();
  }
}

function parseCommandLine(command: Command, args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options: parseOptions(command) });
  } catch (err) {
    const message = String((err as Error).message);
    const option = /'(-[^' ]+)/.exec(message)?.[1];
    const code = (err as { code?: string }).code;
    const line =
      code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? `Unknown option '${option}' for 'patchbay ${command.name}'.`
      : code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" ? `Option '${option}' needs a value.`
      : message.split("\n")[0]!;
    throw new BadCommandLine(line, commandHelp(command));
  }
  if (parsed.positionals.length > command.positionals) {
    throw new BadCommandLine(`Unexpected argument '${parsed.positionals[command.positionals]}' for 'patchbay ${command.name}'.`, commandHelp(command));
  }
  return parsed;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof BadCommandLine) {
      console.error(`Error: ${err.message}`);
      console.error(err.usage);
      process.exit(2);
    }
    if (err instanceof ApiError || err instanceof ConfigError || err instanceof DatabaseUnreachable) {
      console.error(`Error: ${err.message}`);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);
