import { App } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DbTable, genApi } from '../../../../features/monitor/gen-api';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { ProTable } from '../../../../shared/table/ProTable';

/** Picks tables of the current schema that are not imported yet and imports their metadata. */
export function ImportTableDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!selected.length) {
      message.warning(t('gen.pickTables'));
      return;
    }
    setSaving(true);
    try {
      const res = await genApi.importTables(selected.map(String));
      message.success(t('gen.imported', { count: res.data?.tableIds.length ?? selected.length }));
      setSelected([]);
      onImported();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableDialog
      open={open}
      title={t('gen.importTitle')}
      width={960}
      onCancel={() => {
        setSelected([]);
        onClose();
      }}
      onOk={() => void submit()}
      okText={selected.length ? t('gen.importCount', { count: selected.length }) : t('common.confirm')}
      confirmLoading={saving}
      testId="gen-import-dialog"
    >
      <ProTable<DbTable>
        empty={t('gen.noDbTables')}
        url={genApi.dbListUrl}
        rowKey="tableName"
        selectable
        onSelectionChange={(keys) => setSelected(keys)}
        scrollY={420}
        testId="gen-db-table"
        searchFields={[
          { type: 'input', name: 'tableName', label: t('gen.tableName') },
          { type: 'input', name: 'tableComment', label: t('gen.tableComment') },
        ]}
        columns={[
          { key: 'tableName', dataIndex: 'tableName', title: t('gen.tableName'), sortField: 'tableName' },
          {
            key: 'tableComment',
            dataIndex: 'tableComment',
            title: t('gen.tableComment'),
            render: (value: string) => value || '-',
          },
        ]}
      />
    </DraggableDialog>
  );
}
