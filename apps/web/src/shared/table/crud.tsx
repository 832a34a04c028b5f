import {
  ClearOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { App, Button, Form, type FormInstance, Space, Tooltip } from 'antd';
import { type Key, type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../DraggableDialog';
import { download } from '../download';
import { exportParams } from '../export-params';
import { HasPermi } from '../perms';
import type { Params } from '../request';
import { SubmitOnEnter } from '../SubmitOnEnter';
import type { ProTableRef } from './ProTable';

/* What a list screen's add / edit dialog, its confirmed delete and its row and toolbar buttons share. */

interface SaveApi<T> {
  add(body: T): Promise<unknown>;
  update(body: T): Promise<unknown>;
}

export interface EditDialogOptions<T> {
  api: SaveApi<T>;
  /** the row's id field: set = edit, unset = add */
  idKey: keyof T;
  table: RefObject<ProTableRef | null>;
  /** the values the form shows for a row (e.g. a number from a string column) */
  toForm?: (row: T) => T;
  /** the body sent from the row and the form's values; null refuses (after telling the user why) */
  toBody?: (merged: T) => T | null;
  /** fetches the whole record before an edit (a list row may hold less than the form) */
  load?: (row: T) => Promise<T>;
  /** says "fill in the required fields" when the form is incomplete, besides marking the fields */
  warnIncomplete?: boolean;
  /** after a save, besides the table's refresh (counts, trees the page also shows) */
  onSaved?: () => void;
}

export interface EditDialogState<T> {
  form: FormInstance<T>;
  editing: T | null;
  /** what the form shows for the row being edited */
  values: T | null;
  isEdit: boolean;
  open(row: T): void;
  close(): void;
  submit(): Promise<void>;
  saving: boolean;
}

/** One form, the row being edited (null = closed), saving, the success message and the table's refresh. */
export function useEditDialog<T extends object>({
  api,
  idKey,
  table,
  toForm,
  toBody,
  load,
  warnIncomplete,
  onSaved,
}: EditDialogOptions<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  const [editing, setEditing] = useState<T | null>(null);
  const [saving, setSaving] = useState(false);
  const isEdit = !!editing?.[idKey];
  // read when a row is opened, so a page may pass an inline function
  const toFormRef = useRef(toForm);
  toFormRef.current = toForm;
  const values = useMemo(() => (editing && toFormRef.current ? toFormRef.current(editing) : editing), [editing]);

  // the dialog's fields take the row once the dialog (and its form) is open
  useEffect(() => {
    if (!values) return;
    form.resetFields();
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [values, form]);

  const close = () => setEditing(null);
  const open = (row: T) => {
    if (!load || !row[idKey]) {
      setEditing(row);
      return;
    }
    load(row).then(setEditing, () => {
      // the request layer showed the reason; the dialog stays closed
    });
  };
  const submit = async () => {
    const entered = await form.validateFields().catch(() => null);
    if (!entered && warnIncomplete) message.warning(t('common.fillRequired'));
    if (!entered || !editing) return;
    const merged = { ...editing, ...entered } as T;
    const body = toBody ? toBody(merged) : merged;
    if (!body) return;
    setSaving(true);
    try {
      if (isEdit) await api.update(body);
      else await api.add(body);
      message.success(isEdit ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
      onSaved?.();
    } catch {
      // the request layer showed the reason (a same name, a rule of the spec, …)
    } finally {
      setSaving(false);
    }
  };

  return {
    form,
    editing,
    values,
    isEdit,
    open,
    close,
    submit,
    saving,
  } satisfies EditDialogState<T>;
}

/** The add / edit dialog around its form: the title says which; confirm, or Enter in a field, saves. */
export function EditDialog<T extends object>({
  edit,
  addTitle,
  editTitle,
  width,
  labelWidth,
  testId,
  children,
}: {
  edit: EditDialogState<T>;
  addTitle: string;
  editTitle: string;
  width: number;
  labelWidth: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <DraggableDialog
      open={!!edit.editing}
      title={edit.isEdit ? editTitle : addTitle}
      width={width}
      onCancel={edit.close}
      onOk={() => void edit.submit()}
      confirmLoading={edit.saving}
      testId={testId}
    >
      <Form<T>
        form={edit.form}
        labelCol={{ flex: `${labelWidth}px` }}
        labelWrap
        initialValues={edit.values ?? undefined}
        preserve={false}
        onFinish={() => void edit.submit()}
      >
        <SubmitOnEnter />
        {children}
      </Form>
    </DraggableDialog>
  );
}

/**
 * Asks before deleting (naming what goes), deletes, then clears the selection and reloads the
 * page (or runs `onRemoved`, for screens that reload more than the table).
 */
export function useConfirmRemove(
  remove: (ids: number[]) => Promise<unknown>,
  confirmText: (names: string) => string,
  /** null for a list that is not a ProTable (a tree): `onRemoved` reloads it */
  table: RefObject<ProTableRef | null> | null,
  onRemoved?: () => void,
) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return (ids: Key[], names: string) => {
    modal.confirm({
      title: t('common.hint'),
      content: confirmText(names),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove(ids as number[]);
        message.success(t('common.deleteSuccess'));
        table?.current?.clearSelection();
        if (onRemoved) onRemoved();
        else table?.current?.refresh();
      },
    });
  };
}

/**
 * A row's links: its own first (detail, members, …), then edit and delete, each shown only with
 * its permission (`<perm>:edit`, `<perm>:remove`).
 */
export function RowActions({
  perm,
  onEdit,
  onRemove,
  editNeedsQuery,
  editTestId,
  removeBlocked,
  children,
  between,
  after,
}: {
  /** e.g. 'lighting:tag' */
  perm: string;
  onEdit?: () => void;
  onRemove?: () => void;
  /** why this row may not be deleted (a built-in record): the link is disabled and says so on hover */
  removeBlocked?: string;
  /** the edit link also needs `<perm>:query` (the dialog fetches the record) */
  editNeedsQuery?: boolean;
  editTestId?: string;
  /** the row's own links, before edit and delete */
  children?: ReactNode;
  /** links between edit and delete (copy, reset …) */
  between?: ReactNode;
  /** links after edit and delete (the rarer ones) */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  // one line: the links do not wrap in a narrow actions column
  return (
    <Space size={0}>
      {children}
      {onEdit && (
        <HasPermi value={editPerms(perm, editNeedsQuery)} mode="all">
          <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit} data-testid={editTestId}>
            {t('common.edit')}
          </Button>
        </HasPermi>
      )}
      {between}
      {onRemove && (
        <HasPermi value={[`${perm}:remove`]}>
          <Tooltip title={removeBlocked}>
            <Button
              type="link"
              size="small"
              danger
              disabled={!!removeBlocked}
              icon={<DeleteOutlined />}
              onClick={onRemove}
            >
              {t('common.delete')}
            </Button>
          </Tooltip>
        </HasPermi>
      )}
      {after}
    </Space>
  );
}

function editPerms(perm: string, needsQuery: boolean | undefined): string[] {
  return needsQuery ? [`${perm}:edit`, `${perm}:query`] : [`${perm}:edit`];
}

/**
 * The toolbar's add button, its edit-the-one-selected button (when `onEdit` is given) and its
 * delete-the-selected button, each behind its permission.
 */
export function AddRemoveButtons({
  perm,
  testId,
  onAdd,
  onEdit,
  editNeedsQuery,
  selected,
  onRemove,
  children,
}: {
  perm: string;
  /** the buttons are `<testId>-add`, `<testId>-edit`, `<testId>-remove` */
  testId: string;
  onAdd?: () => void;
  onEdit?: () => void;
  editNeedsQuery?: boolean;
  selected: number;
  onRemove?: () => void;
  /** the page's own buttons, between edit and delete */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {onAdd && (
        <HasPermi value={[`${perm}:add`]}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={onAdd} data-testid={`${testId}-add`}>
            {t('common.add')}
          </Button>
        </HasPermi>
      )}
      {onEdit && (
        <HasPermi value={editPerms(perm, editNeedsQuery)} mode="all">
          <Button icon={<EditOutlined />} disabled={selected !== 1} onClick={onEdit} data-testid={`${testId}-edit`}>
            {t('common.edit')}
          </Button>
        </HasPermi>
      )}
      {children}
      {onRemove && (
        <HasPermi value={[`${perm}:remove`]}>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!selected}
            onClick={onRemove}
            data-testid={`${testId}-remove`}
          >
            {t('common.delete')}
          </Button>
        </HasPermi>
      )}
    </>
  );
}

/** Downloads what the table shows (its filters and fixed parameters) as an .xlsx, behind `<perm>:export`. */
export function ExportButton({
  perm,
  url,
  table,
  params,
  fileName,
  testId,
}: {
  perm: string;
  url: string;
  table: RefObject<ProTableRef | null>;
  /** the table's fixed parameters (project, device type) */
  params?: Params;
  /** without the date and extension: `models` → models_1732250000000.xlsx */
  fileName: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(url, {
        params: exportParams(params, table.current?.getFilters()),
        fileName: `${fileName}_${Date.now()}.xlsx`,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <HasPermi value={[`${perm}:export`]}>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
        {t('common.export')}
      </Button>
    </HasPermi>
  );
}

/**
 * Asks before an action on the table's rows (delete log lines, clean a log), runs it, says it is
 * done, then clears the selection and reloads the table.
 */
export function useConfirmAction(table: RefObject<ProTableRef | null>) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return (content: string, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: t('common.hint'),
      content,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await run();
        message.success(done);
        table.current?.clearSelection();
        table.current?.reload();
      },
    });
}

/** A log's toolbar: delete the selected lines and clean the whole log, both behind `<perm>:remove`. */
export function LogCleanButtons({
  perm,
  testId,
  selected,
  onRemove,
  onClean,
}: {
  perm: string;
  /** the buttons are `<testId>-remove` and `<testId>-clean` */
  testId: string;
  selected: number;
  onRemove?: () => void;
  onClean: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {onRemove && <AddRemoveButtons perm={perm} testId={testId} selected={selected} onRemove={onRemove} />}
      <HasPermi value={[`${perm}:remove`]}>
        <Button danger icon={<ClearOutlined />} onClick={onClean} data-testid={`${testId}-clean`}>
          {t('sysCommon.clean')}
        </Button>
      </HasPermi>
    </>
  );
}

/** One link of a row (detail, members, run once …), behind its permission when it has one. */
export function RowLink({
  perm,
  icon,
  label,
  onClick,
  testId,
  danger,
  disabled,
}: {
  perm?: string | string[];
  icon?: ReactNode;
  label: ReactNode;
  onClick: () => void;
  testId?: string;
  danger?: boolean;
  disabled?: boolean;
}) {
  const link = (
    <Button
      type="link"
      size="small"
      icon={icon}
      danger={danger}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  if (!perm) return link;
  return <HasPermi value={typeof perm === 'string' ? [perm] : perm}>{link}</HasPermi>;
}

/** The row link that opens a record's detail, behind `<perm>:query`. */
export function DetailLink({ perm, onClick, testId }: { perm: string; onClick: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <RowLink
      perm={`${perm}:query`}
      icon={<EyeOutlined />}
      label={t('sysCommon.detail')}
      onClick={onClick}
      testId={testId}
    />
  );
}
