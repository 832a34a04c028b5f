import type { LorawanSettingsRow } from '@luxgrid/contracts';
import { type DataEnvelope, http } from '../../shared/request';

/** What the project dialog edits of a LoRaWAN project's ChirpStack connection. */
export interface LorawanForm {
  brokerUrl?: string;
  applicationId?: string;
  mqttUsername?: string;
  mqttPassword?: string;
  enabled?: boolean;
}

// projects are read across customers by platform users (as the project screen does)
const allHeaders = () => ({ headers: { clientId: '' } });

/** A LoRaWAN project's ChirpStack connection (lorawan/settings). */
export const lorawanApi = {
  get: (projectId: number) =>
    http.get<DataEnvelope<LorawanSettingsRow | null>>(`/lorawan/settings/${projectId}`, undefined, allHeaders()),
  save: (body: LorawanForm & { projectId: number; bandStandard?: string; removeMqttPassword?: boolean }) =>
    http.put('/lorawan/settings', body, allHeaders()),
  remove: (projectId: number) => http.del(`/lorawan/settings/${projectId}`, allHeaders()),
};
