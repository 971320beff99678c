// Where an admin command writes: its normal output and its error lines (a test captures both).
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}
