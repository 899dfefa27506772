/** The bench's command line. */
export interface Options {
  quick: boolean;
  rounds: number;
  seconds: number;
  connections: number;
  /** Seconds of mixed load (the soak) instead of the side-by-side bench; 0 = no soak. */
  soak: number;
  out: string;
  /** Setups to run (sqlite, sqlite-redis, postgres, postgres-redis). */
  setups: string[];
}

export const ALL_SETUPS = ["sqlite", "sqlite-redis", "postgres", "postgres-redis"];

const USAGE = `npm run bench -- [--quick] [--rounds N] [--seconds S] [--connections C] [--setups sqlite,sqlite-redis,postgres,postgres-redis] [--out DIR] [--soak SECONDS]
  --quick        a ~1-2 minute smoke: 1 round of 2 s per path
  --soak 300     5 minutes of mixed load (proxy, runs, find, MCP, webhooks in and out) on SQLite; RSS every 5 s
  --out DIR      where latest.json and the chart go (default docs/bench)`;

export function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith("--")) throw new Error(`${name} needs a value.\n${USAGE}`);
    return v;
  };
  const positive = (name: string, fallback: number) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got '${raw}'.\n${USAGE}`);
    return n;
  };
  const known = new Set(["--quick", "--rounds", "--seconds", "--connections", "--soak", "--out", "--setups", "--help"]);
  for (const a of argv) if (a.startsWith("--") && !known.has(a)) throw new Error(`Unknown option ${a}.\n${USAGE}`);
  if (argv.includes("--help")) {
    console.log(USAGE);
    process.exit(0);
  }
  const quick = argv.includes("--quick");
  const setups = (value("--setups") ?? ALL_SETUPS.join(",")).split(",").map((s) => s.trim());
  const unknown = setups.filter((s) => !ALL_SETUPS.includes(s));
  if (unknown.length) throw new Error(`--setups: unknown ${unknown.join(", ")}; known: ${ALL_SETUPS.join(", ")}.`);
  return {
    quick,
    rounds: Math.round(positive("--rounds", quick ? 1 : 3)),
    seconds: positive("--seconds", quick ? 2 : 5),
    connections: Math.round(positive("--connections", 16)),
    soak: argv.includes("--soak") ? positive("--soak", 300) : 0,
    out: value("--out") ?? "docs/bench",
    setups,
  };
}
