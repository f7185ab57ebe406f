// How the line header grades headway regularity (docs/line-map.md "Console"). The figure is the server's coefficient
// of variation of the last hour's observed headways (GET /dispatch/headways `regularity`); the grade is the Transit
// Capacity and Quality of Service Manual's headway-adherence level of service (TCQSM 3rd ed., exhibit 5-3), which
// transit planners already read, rather than a scale of our own.

export type RegularityGrade = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

/** Upper bounds of the coefficient of variation for A … E; above the last is F. */
const GRADE_LIMITS: readonly [RegularityGrade, number][] = [
  ['A', 0.21],
  ['B', 0.3],
  ['C', 0.39],
  ['D', 0.52],
  ['E', 0.74],
];

export function regularityGrade(cv: number): RegularityGrade {
  for (const [grade, limit] of GRADE_LIMITS) if (cv <= limit) return grade;
  return 'F';
}

/** Good (A, B), fair (C, D) or poor (E, F): the figure's colour. */
export function regularityTone(grade: RegularityGrade): 'good' | 'fair' | 'poor' {
  if (grade === 'A' || grade === 'B') return 'good';
  if (grade === 'C' || grade === 'D') return 'fair';
  return 'poor';
}

export function formatCv(cv: number): string {
  return cv.toFixed(2);
}
