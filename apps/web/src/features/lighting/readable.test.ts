import { COMMAND_FAILURE_REASONS } from '@luxgrid/contracts/enums';
import { findDict } from '@luxgrid/contracts/seed/dicts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../locales';
import { methodGateway } from '../../pages/monitor/devicelog/components/DeviceLogDetail';
import { formatValue } from './format';
import { failureReason, readableEntries, readableSummary } from './readable';

describe('why a device says a command failed', () => {
  it('reads the reason code and keeps the device words as detail', () => {
    expect(failureReason('NO_RESPONSE: no answer from the terminal over PLC')).toEqual({
      reason: 'NO_RESPONSE',
      detail: 'no answer from the terminal over PLC',
    });
    expect(failureReason('BUSY')).toEqual({ reason: 'BUSY', detail: '' });
    expect(failureReason(' RELAY_FAULT :  relay 2 stuck ')).toEqual({ reason: 'RELAY_FAULT', detail: 'relay 2 stuck' });
  });

  it('names the reason of devices that send only words, else OTHER; the words stay as detail', () => {
    expect(failureReason('no answer from the terminal over PLC')).toEqual({
      reason: 'NO_RESPONSE',
      detail: 'no answer from the terminal over PLC',
    });
    expect(failureReason('terminal unreachable').reason).toBe('OFFLINE');
    expect(failureReason('dim level out of range').reason).toBe('INVALID_PARAM');
    expect(failureReason('E42: lamp head too hot')).toEqual({ reason: 'OTHER', detail: 'E42: lamp head too hot' });
  });

  it('has a label in both languages for every reason it can give', () => {
    const dict = findDict('lighting_command_failure');
    for (const reason of COMMAND_FAILURE_REASONS) {
      const item = dict?.items.find((entry) => entry.value === reason);
      expect(item?.label, reason).toMatch(/[\u4e00-\u9fff]/);
      expect(item?.labelEn, reason).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});

describe('a device answer in words', () => {
  const dicts = {
    lampState: [
      { dictValue: 'ON', dictLabel: '亮灯' },
      { dictValue: 'OFF', dictLabel: '灭灯' },
    ],
  };
  const format = (key: string, value: unknown) => formatValue(key, value, dicts, ['是', '否']);

  it('labels each value in the reading order, with units and dictionary labels', async () => {
    await i18n.changeLanguage('zh-CN');
    const label = (key: string) => (i18n.exists(`ltValues.${key}`) ? i18n.t(`ltValues.${key}`) : key);
    expect(readableSummary({ dimLevel: 60, lampState: 'ON' }, label, format)).toBe('灯具状态 亮灯 · 调光值 60 %');
    expect(readableSummary({ hours: 11314 }, label, format)).toBe('累计亮灯时长 11314 h');
    expect(readableSummary({ restarted: true }, label, format)).toBe('已重启 是');
    // a device's clock, answered in epoch milliseconds, reads as a date and time
    expect(readableSummary({ clock: new Date(2026, 10, 26, 20, 5, 9).getTime() }, label, format)).toBe(
      '设备时钟 2026-11-26 20:05:09',
    );
    await i18n.changeLanguage('en-US');
    expect(readableSummary({ lampState: 'OFF', config: { firmware: '1.8.0' } }, label, format)).toBe(
      'Lamp state 灭灯 · Firmware 1.8.0',
    );
  });

  it('opens nested objects one level and keeps unknown keys as sent', () => {
    expect(readableEntries({ b: 1, config: { channel: 15 }, a: 'x' })).toEqual([
      { key: 'a', value: 'x' },
      { key: 'b', value: 1 },
      { key: 'channel', value: 15 },
    ]);
    expect(readableEntries(null)).toEqual([]);
  });
});

describe('the device log method', () => {
  it('names the device a command went through, from its MQTT topic', () => {
    expect(methodGateway('MQTT luxgrid/v1/1/SIM1-CCU-0004/down/command')).toBe('SIM1-CCU-0004');
    expect(methodGateway('POST /lighting/device/control')).toBeNull();
    expect(methodGateway(null)).toBeNull();
  });
});
