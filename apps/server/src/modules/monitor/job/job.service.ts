import { type Lang, message, parseRule } from '@luxgrid/contracts';
import type { Cron } from 'croner';
import type { Deps } from '../../../platform/context.ts';
import { fail } from '../../../platform/errors.ts';
import { nextFireTime, nextFireTimes, parseCron } from '../../../platform/jobs/cron.ts';
import { parseInvokeTarget } from '../../../platform/jobs/registry.ts';

/** Parses a cron expression or throws the reason in the user's words; refuses one that never fires. */
export function checkCron(deps: Pick<Deps, 'clock'>, expression: string): Cron {
  const check = parseCron(expression);
  if (!check.ok) throw fail(check.key, { expr: expression });
  if (!nextFireTime(check.cron, new Date(deps.clock.now()))) throw fail('job.cronNever', { expr: expression });
  return check.cron;
}

export function previewFireTimes(deps: Pick<Deps, 'clock'>, expression: string, count: number): Date[] {
  return nextFireTimes(checkCron(deps, expression), new Date(deps.clock.now()), count);
}

/** Checks the invoke target against the handler registry and the handler's argument schema. */
export function checkInvokeTarget(target: string, lang: Lang): void {
  parseInvokeTarget(target, lang);
}

/** Job log texts are stored as message keys with parameters; shown in the reader's language. */
export function renderStored(text: string, lang: Lang): string {
  if (!text) return text;
  const parsed = parseRule(text);
  return parsed ? message(parsed.key, lang, parsed.params) : text;
}
