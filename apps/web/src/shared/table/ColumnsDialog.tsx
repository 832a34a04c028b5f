import { Transfer } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../DraggableDialog';

export interface ColumnChoice {
  key: string;
  title: string;
}

interface ColumnsDialogProps {
  open: boolean;
  columns: ColumnChoice[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
  onClose: () => void;
}

/** Column show/hide: shown columns on the left, hidden on the right (RuoYi's transfer dialog). */
export function ColumnsDialog({ open, columns, hidden, onChange, onClose }: ColumnsDialogProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string[]>(hidden);
  useEffect(() => {
    if (open) setTarget(hidden);
  }, [open, hidden]);
  return (
    <DraggableDialog
      open={open}
      title={t('table.columnsTitle')}
      width={560}
      onCancel={onClose}
      onOk={() => {
        onChange(target);
        onClose();
      }}
      testId="columns-dialog"
    >
      <Transfer
        dataSource={columns}
        rowKey={(column) => column.key}
        titles={[t('table.shown'), t('table.hidden')]}
        targetKeys={target}
        onChange={(keys) => setTarget(keys.map(String))}
        render={(column) => column.title}
        styles={{ section: { width: 220, height: 300 } }}
      />
    </DraggableDialog>
  );
}
