import { type Bilingual, type Lang, renderIssue } from '@luxgrid/contracts';
import type { z } from 'zod';
import type { Deps } from '../context.ts';
import { fail } from '../errors.ts';
import type { JobResult } from './scheduler.ts';

/** What a running job receives besides its arguments. */
export interface JobRun {
  jobId: number;
  jobName: string;
  /** the scheduled time being answered; null for a manual run */
  fireTime: Date | null;
  /** aborted when the server shuts down: long handlers stop between batches */
  signal: AbortSignal;
  /** the server process running it */
  node: string;
}

/**
 * A named piece of server code that a scheduled job may run. Jobs name a handler and pass
 * JSON arguments that the handler's schema validates: nothing is ever invoked by a name
 * taken from user input (RuoYi's invokeTarget reflection, CVE-2019-10102).
 */
export interface JobHandler<A extends z.ZodType = z.ZodType> {
  name: string;
  description: Bilingual;
  args: A;
  /** arguments shown to the user as an example */
  example?: z.input<A>;
  /** returns the line written to the job log (a message key, rendered in the reader's language) */
  run(deps: Deps, args: z.output<A>, run: JobRun): Promise<JobResult>;
}

const handlers = new Map<string, JobHandler>();

/** Declares a handler with its arguments' type checked against its schema, for an area's list of jobs. */
export function defineJobHandler<A extends z.ZodType>(handler: JobHandler<A>): JobHandler {
  return handler as unknown as JobHandler;
}

export function registerJobHandler<A extends z.ZodType>(handler: JobHandler<A>): void {
  handlers.set(handler.name, defineJobHandler(handler));
}

export function jobHandler(name: string): JobHandler | undefined {
  return handlers.get(name);
}

export function listJobHandlers(): JobHandler[] {
  return [...handlers.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const TARGET = /^([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)(?:\s+(\{[\s\S]*\}))?$/;

export interface ParsedTarget {
  handler: JobHandler;
  args: unknown;
}

/**
 * Reads an invokeTarget: a registered handler name, optionally followed by a JSON object
 * of arguments (`log.clean {"days": 30}`). Throws an error the user can read.
 */
export function parseInvokeTarget(target: string, lang: Lang): ParsedTarget {
  const match = TARGET.exec(target.trim());
  if (!match) throw fail('job.targetFormat');
  const handler = handlers.get(match[1]!);
  if (!handler) throw fail('job.handlerUnknown', { name: match[1] });
  let raw: unknown = {};
  if (match[2]) {
    try {
      raw = JSON.parse(match[2]);
    } catch {
      throw fail('job.argsJson');
    }
  }
  const parsed = handler.args.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => renderIssue({ path: issue.path, message: issue.message, code: issue.code }, lang))
      .join('; ');
    throw fail('job.argsInvalid', { name: handler.name, detail });
  }
  return { handler, args: parsed.data };
}
