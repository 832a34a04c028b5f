import { commandOf, LIGHTING, permResource } from '@luxgrid/contracts';
import { verifyPassword } from '../../../platform/auth/password.ts';
import type { Deps } from '../../../platform/context.ts';
import { fail } from '../../../platform/errors.ts';
import { boxCircuitRows, type ControlRow, heldControlRows } from './device.repository.ts';

/** Circuits: the lamps they hold are their children (a concentrator's or box's follow its session). */
const CIRCUIT_TYPES = new Set(LIGHTING.types.filter((type) => permResource(type.code) === 'branch').map((t) => t.code));

/**
 * What carries an action out, from what an operator picked: the thing model says whether a device
 * does it itself or passes it to what it holds (a circuit switches by its control output, lamp
 * commands reach the terminals a circuit, concentrator or box holds). A single pick (`strict`)
 * refuses with the reason; a group keeps what can do it and refuses only when nothing can.
 */
export async function expandControlTargets(
  db: Deps['database'],
  action: string,
  picked: ControlRow[],
  strict: boolean,
): Promise<ControlRow[]> {
  const light = action.startsWith('LIGHT_');
  const breaker = action.startsWith('BREAKER_');
  const out: ControlRow[] = [];
  for (const d of picked) {
    const command = commandOf(d.deviceType, action);
    if (!command) {
      if (strict) throw fail('lighting.control.notSupported');
    } else if (!command.passedTo) {
      // a circuit switches by its switch module's output (DO), which it must have
      if (!breaker || d.doIndex !== null) out.push(d);
      else if (strict) throw fail('lighting.circuit.noDo');
    } else if (light) {
      const column = CIRCUIT_TYPES.has(d.deviceType) ? 'parent_id' : 'gateway_id';
      const terminals = await heldControlRows(db, column, d.deviceId, command.passedTo);
      if (!terminals.length && strict) throw fail('lighting.terminal.none');
      out.push(...terminals);
    } else {
      const circuits = await boxCircuitRows(db, d.deviceId, command.passedTo);
      if (!circuits.length) throw fail('lighting.circuit.none');
      const driven = circuits.filter((c) => c.doIndex !== null);
      if (!driven.length) throw fail('lighting.circuit.noDo');
      out.push(...driven);
    }
  }
  const reachable = out.filter((d) => d.gatewayId !== null);
  if (!reachable.length) throw fail(strict ? 'lighting.control.notSupported' : 'lighting.group.noControllable');
  return [...new Map(reachable.map((d) => [d.deviceId, d])).values()];
}

/** A project with an operation password takes control commands only with it (spec §6). */
export async function checkOperatePassword(project: { operatePwd: string }, given: string | undefined) {
  if (!project.operatePwd) return;
  if (!given) throw fail('lighting.operatePwd.required');
  const { ok } = await verifyPassword(given, project.operatePwd);
  if (!ok) throw fail('lighting.operatePwd.wrong');
}
