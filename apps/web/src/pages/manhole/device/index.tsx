import { COVER_FAMILY } from '../../../features/manhole/model';
import { FamilyDevicePage } from '../../../features/things/FamilyDevicePage';

/** Smart manhole covers (manhole/device): the registry with live readings, import, export and each cover's drawer. */
export function ManholeDevicePage() {
  return <FamilyDevicePage family={COVER_FAMILY} />;
}
