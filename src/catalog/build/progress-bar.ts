/** A one-line progress bar on stderr, redrawn in place on a terminal and printed every 10 % otherwise. */
export class ProgressBar {
  private lastPrinted = -1;
  private lastDraw = 0;
  constructor(private readonly total: number, private readonly label: string, private readonly stream = process.stderr) {}

  update(done: number, note = ""): void {
    const ratio = this.total === 0 ? 1 : Math.min(1, done / this.total);
    if (this.stream.isTTY) {
      const now = Date.now();
      if (now - this.lastDraw < 50 && done < this.total) return;
      this.lastDraw = now;
      const width = 30;
      const filled = Math.round(ratio * width);
      const line = `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${this.total} ${this.label} ${note}`;
      this.stream.write(`\r${line.slice(0, (this.stream.columns || 100) - 1).padEnd(Math.min(this.stream.columns || 100, 100) - 1)}`);
    } else {
      const decile = Math.floor(ratio * 10);
      if (decile === this.lastPrinted) return;
      this.lastPrinted = decile;
      this.stream.write(`[${"#".repeat(decile)}${".".repeat(10 - decile)}] ${done}/${this.total} ${this.label}\n`);
    }
  }

  done(): void {
    this.update(this.total);
    if (this.stream.isTTY) this.stream.write("\n");
  }
}
