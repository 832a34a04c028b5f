import { LoadingOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../shared/DictTag';
import { useDict } from '../../shared/dict';
import { useCommandStatus } from './live';
import { isFinal } from './rules';
import type { CommandRow, CommandStatus } from './types';

/** A command's lifecycle state, following command.update pushes while it is on screen. */
export function CommandStatusTag({ commandId, status }: { commandId: string; status: CommandStatus }) {
  const states = useDict('task_command_state');
  const live = useCommandStatus(commandId, status);
  return (
    <Space size={4} data-testid="command-status" data-status={live}>
      {!isFinal(live) && <LoadingOutlined style={{ color: '#1677ff' }} />}
      <DictTag options={states} value={live} />
    </Space>
  );
}

/** An action's label ('LIGHT_ON' → Turn on), config issue included. */
export function useActionLabel(): (action: string) => string {
  const { t, i18n } = useTranslation();
  return (action) => (i18n.exists(`ltControl.actions.${action}`) ? t(`ltControl.actions.${action}`) : action);
}

/** What came back from the device: its error, or the data of its result. */
export function resultText(row: Pick<CommandRow, 'error' | 'result'>): string {
  if (row.error) return row.error;
  if (row.result && Object.keys(row.result).length) return JSON.stringify(row.result);
  return '';
}
