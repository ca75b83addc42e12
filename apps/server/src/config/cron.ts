/**
 * A five-field cron expression (minute hour day-of-month month day-of-week) as crontab(5) reads it:
 * `*`, numbers, ranges `a-b`, lists `a,b`, steps `*\/n` and `a-b/n`, month and day names (`jan`,
 * `mon`), Sunday as 0 or 7, and the shortcuts @hourly, @daily (@midnight), @weekly, @monthly,
 * @yearly (@annually). As in cron, when both day fields are restricted a day matching either runs.
 * Times are the server's local time (TZ; UTC in the Docker image).
 */
export interface CronSchedule {
  readonly expression: string;
  /** The first matching minute strictly after `from`, or null when none comes within five years. */
  next(from: Date): Date | null;
}

export class CronError extends Error {
  override name = 'CronError';
}

const SHORTCUTS: Record<string, string> = {
  '@hourly': '0 * * * *',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@weekly': '0 0 * * 0',
  '@monthly': '0 0 1 * *',
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: string[];
  /** Where the first name counts from (months are 1-based). */
  nameBase?: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS, nameBase: 1 },
  { name: 'day of week', min: 0, max: 7, names: DAYS, nameBase: 0 },
];

function parseValue(text: string, spec: FieldSpec): number {
  const lower = text.toLowerCase();
  const named = spec.names?.indexOf(lower) ?? -1;
  if (named >= 0) return named + (spec.nameBase ?? 0);
  if (!/^\d+$/.test(text)) throw new CronError(`${spec.name}: "${text}" is not a number`);
  const value = Number(text);
  if (value < spec.min || value > spec.max) {
    throw new CronError(`${spec.name}: ${value} is outside ${spec.min}-${spec.max}`);
  }
  return value;
}

/** The set of values one field allows, and whether it was `*` (for the day-of-month/week rule). */
function parseField(text: string, spec: FieldSpec): { values: Set<number>; any: boolean } {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText, extra] = part.split('/');
    if (extra !== undefined || range === '') throw new CronError(`${spec.name}: "${part}" is malformed`);
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d+$/.test(stepText) || Number(stepText) === 0) {
        throw new CronError(`${spec.name}: step "${stepText}" must be a positive number`);
      }
      step = Number(stepText);
    }
    let low: number;
    let high: number;
    if (range === '*') {
      low = spec.min;
      high = spec.max;
    } else if (range.includes('-')) {
      const [a = '', b = '', more] = range.split('-');
      if (more !== undefined) throw new CronError(`${spec.name}: "${range}" is malformed`);
      low = parseValue(a, spec);
      high = parseValue(b, spec);
      if (low > high) throw new CronError(`${spec.name}: range "${range}" runs backwards`);
    } else {
      low = parseValue(range, spec);
      // `5/15` means from 5 to the end in steps of 15, as in Vixie cron.
      high = stepText === undefined ? low : spec.max;
    }
    for (let v = low; v <= high; v += step) values.add(v);
  }
  return { values, any: text === '*' || text.startsWith('*/') };
}

export function parseCron(expression: string): CronSchedule {
  const trimmed = expression.trim();
  const expanded = SHORTCUTS[trimmed.toLowerCase()] ?? trimmed;
  const parts = expanded.split(/\s+/);
  if (parts.length !== 5) {
    throw new CronError(
      `"${expression}" has ${parts.length} field(s); five are needed: minute hour day-of-month month day-of-week`,
    );
  }
  const [minute, hour, dom, month, dow] = parts.map((part, i) => parseField(part, FIELDS[i] as FieldSpec));
  if (!minute || !hour || !dom || !month || !dow) throw new CronError(`"${expression}" is malformed`);
  if (dow.values.has(7)) dow.values.add(0);

  const dayMatches = (date: Date) => {
    const byMonthDay = dom.values.has(date.getDate());
    const byWeekDay = dow.values.has(date.getDay());
    if (dom.any && dow.any) return true;
    if (dom.any) return byWeekDay;
    if (dow.any) return byMonthDay;
    return byMonthDay || byWeekDay;
  };

  return {
    expression,
    next(from: Date) {
      const t = new Date(from.getTime());
      t.setSeconds(0, 0);
      t.setMinutes(t.getMinutes() + 1);
      const limit = from.getTime() + 5 * 366 * 24 * 3600 * 1000;
      while (t.getTime() <= limit) {
        if (!month.values.has(t.getMonth() + 1)) {
          t.setMonth(t.getMonth() + 1, 1);
          t.setHours(0, 0, 0, 0);
        } else if (!dayMatches(t)) {
          t.setDate(t.getDate() + 1);
          t.setHours(0, 0, 0, 0);
        } else if (!hour.values.has(t.getHours())) {
          t.setHours(t.getHours() + 1, 0, 0, 0);
        } else if (!minute.values.has(t.getMinutes())) {
          t.setMinutes(t.getMinutes() + 1, 0, 0);
        } else {
          return t;
        }
      }
      return null;
    },
  };
}
