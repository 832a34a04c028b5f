import { z } from 'zod';

/**
 * How one command message reaches many lamps of a concentrator at once (spec §3, RTU protocols):
 * GROUPCAST by the group number the lamps were given, MULTICAST by their short addresses. The
 * message still lists every child command, and the device answers one result per child id.
 */
export const commandCast = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('GROUPCAST'), group: z.number().int().min(0).max(65_535) }),
  z.object({ mode: z.literal('MULTICAST'), addresses: z.array(z.number().int().min(0).max(65_535)).min(1) }),
]);
export type CommandCast = z.infer<typeof commandCast>;

/**
 * The cast a concentrator gets for its children in one task: GROUPCAST when its model speaks it and
 * the task is a group with a number; MULTICAST when its model speaks it and every child has a short
 * address; none (each child addressed by its uid) otherwise.
 */
export function castFor(
  rtuProtocol: string | null,
  groupNo: number | null,
  addresses: readonly (number | null)[],
): CommandCast | undefined {
  if (rtuProtocol === 'GROUPCAST' && groupNo !== null) return { mode: 'GROUPCAST', group: groupNo };
  if (rtuProtocol === 'MULTICAST' && addresses.length && addresses.every((a) => a !== null))
    return { mode: 'MULTICAST', addresses: [...new Set(addresses as number[])].sort((a, b) => a - b) };
  return undefined;
}
