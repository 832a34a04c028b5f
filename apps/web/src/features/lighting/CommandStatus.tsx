import { LoadingOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../shared/DictTag';
import { useDict } from '../../shared/dict';
import { RawValue } from '../../shared/RawValue';
import { formatValue, useValueLabel } from './format';
import { useCommandStatus } from './live';
import { failureReason, readableSummary } from './readable';
import { isFinal } from './rules';
import type { CommandRow, CommandStatus } from './types';

/** A command's lifecycle state, following command.update pushes while it is on screen. */
export function CommandStatusTag({
  commandId,
  status,
  cancelState,
}: {
  commandId: string;
  status: CommandStatus;
  /** a command cancelled after it was sent: what the device answered to the cancel */
  cancelState?: CommandRow['cancelState'];
}) {
  const { t } = useTranslation();
  const states = useDict('task_command_state');
  const live = useCommandStatus(commandId, status);
  return (
    <Space size={4} data-testid="command-status" data-status={live}>
      {!isFinal(live) && <LoadingOutlined style={{ color: '#1677ff' }} />}
      <DictTag options={states} value={live} />
      {live === 'CANCELED' && cancelState && (
        <Typography.Text type="secondary" data-testid="command-cancel-state" data-cancel={cancelState}>
          {t(`ltControl.cancelState.${cancelState}`)}
        </Typography.Text>
      )}
    </Space>
  );
}

/** An action's label ('LIGHT_ON' → Turn on), config issue included. */
export function useActionLabel(): (action: string) => string {
  const { t, i18n } = useTranslation();
  return (action) => (i18n.exists(`ltControl.actions.${action}`) ? t(`ltControl.actions.${action}`) : action);
}

/** A device's answer or event data as words: "Lamp state On · Dim level 60 %". */
export function useReadableValues(): (data: Record<string, unknown> | null | undefined) => string {
  const { t } = useTranslation();
  const label = useValueLabel();
  const lampState = useDict('lighting_lamp_state');
  const breaker = useDict('lighting_breaker_state');
  return useCallback(
    (data) =>
      readableSummary(data, label, (key, value) =>
        formatValue(key, value, { lampState, breaker }, [t('ltCommon.yes'), t('ltCommon.no')]),
      ),
    [t, label, lampState, breaker],
  );
}

/**
 * What came back from the device: why it failed (a reason in the user's language) or what it
 * answered, in words; the device's own text and the raw answer open on demand.
 */
export function CommandResult({ row }: { row: Pick<CommandRow, 'error' | 'result'> }) {
  const reasons = useDict('lighting_command_failure');
  const readable = useReadableValues();
  if (row.error) {
    const { reason, detail } = failureReason(row.error);
    return (
      <Space size={4} data-testid="command-result" data-reason={reason}>
        <DictTag options={reasons} value={reason} />
        <RawValue value={detail} testId="command-result-raw" />
      </Space>
    );
  }
  if (!row.result || !Object.keys(row.result).length) return <span>-</span>;
  const text = readable(row.result);
  return (
    <Space size={4} data-testid="command-result">
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 260 }}>
        {text}
      </Typography.Text>
      <RawValue value={row.result} testId="command-result-raw" />
    </Space>
  );
}
