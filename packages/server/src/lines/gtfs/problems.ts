/** One thing wrong with a feed, located by file and line (1-based, the header is line 1). */
export interface FeedProblem {
  file: string;
  line: number;
  message: string;
}

export function formatProblem(p: FeedProblem): string {
  return p.line > 0 ? `${p.file}:${p.line}: ${p.message}` : `${p.file}: ${p.message}`;
}

/** Keeps the first problems in full and counts the rest, so a badly broken feed does not flood the output. */
export class ProblemLog {
  readonly problems: FeedProblem[] = [];
  total = 0;
  constructor(private readonly limit = 200) {}

  add(file: string, line: number, message: string): void {
    this.total++;
    if (this.problems.length < this.limit) this.problems.push({ file, line, message });
  }
}

export class GtfsImportError extends Error {
  constructor(
    readonly problems: FeedProblem[],
    readonly total: number = problems.length,
  ) {
    const shown = problems.slice(0, 20).map(formatProblem).join('\n  ');
    const more = total > 20 ? `\n  … and ${total - 20} more` : '';
    super(`GTFS feed has ${total} problem${total === 1 ? '' : 's'}:\n  ${shown}${more}`);
    this.name = 'GtfsImportError';
  }
}
