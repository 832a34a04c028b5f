import { FamilyDeviceDrawer } from '../things/FamilyDeviceDrawer';
import { COVER_FAMILY } from './model';

/** A cover's drawer, opened from the map, the list and the alarms. */
export function CoverDrawer({ coverId, onClose }: { coverId: number | null; onClose: () => void }) {
  return <FamilyDeviceDrawer family={COVER_FAMILY} deviceId={coverId} onClose={onClose} />;
}
