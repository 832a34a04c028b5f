import { BorderOutlined, MinusOutlined, SwitcherOutlined } from '@ant-design/icons';
import { Button, Modal, type ModalProps } from 'antd';
import { type MouseEvent as ReactMouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_DEFAULT_WIDTH } from './constants';
import { nextZIndex } from './z-index';

export interface DraggableDialogProps {
  open: boolean;
  title: ReactNode;
  onCancel: () => void;
  onOk?: () => void;
  /** default 1300 px (spec §2) */
  width?: number | string;
  okText?: ReactNode;
  cancelText?: ReactNode;
  confirmLoading?: boolean;
  /** null hides the footer; undefined shows confirm + cancel */
  footer?: ModalProps['footer'];
  children?: ReactNode;
  destroyOnHidden?: boolean;
  testId?: string;
}

/**
 * The house dialog: drag by the title, confirm and cancel, minimise and maximise; backdrop
 * clicks and Escape never close it; each opened dialog stacks above the last from z-index 1000.
 */
export function DraggableDialog({
  open,
  title,
  onCancel,
  onOk,
  width = DIALOG_DEFAULT_WIDTH,
  okText,
  cancelText,
  confirmLoading,
  footer,
  children,
  destroyOnHidden = true,
  testId,
}: DraggableDialogProps) {
  const { t } = useTranslation();
  const [zIndex, setZIndex] = useState(1000);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [minimised, setMinimised] = useState(false);
  const [maximised, setMaximised] = useState(false);
  const drag = useRef<{ startX: number; startY: number; x: number; y: number } | null>(null);

  useEffect(() => {
    if (open) {
      setZIndex(nextZIndex());
      setOffset({ x: 0, y: 0 });
      setMinimised(false);
      setMaximised(false);
    }
  }, [open]);

  const onMouseDown = (event: ReactMouseEvent) => {
    if (maximised || (event.target as HTMLElement).closest('button')) return;
    drag.current = { startX: event.clientX, startY: event.clientY, ...offset };
    const onMove = (move: MouseEvent) => {
      const start = drag.current;
      if (!start) return;
      setOffset({ x: start.x + move.clientX - start.startX, y: start.y + move.clientY - start.startY });
    };
    const onUp = () => {
      drag.current = null;
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  };

  const header = (
    <div className="lx-dialog-title" onMouseDown={onMouseDown} data-testid="dialog-title">
      <span>{title}</span>
      <span className="lx-dialog-actions">
        <Button
          size="small"
          type="text"
          icon={<MinusOutlined />}
          aria-label={minimised ? t('dialog.restore') : t('dialog.minimise')}
          title={minimised ? t('dialog.restore') : t('dialog.minimise')}
          onClick={() => setMinimised((value) => !value)}
        />
        <Button
          size="small"
          type="text"
          icon={maximised ? <SwitcherOutlined /> : <BorderOutlined />}
          aria-label={maximised ? t('dialog.restore') : t('dialog.maximise')}
          title={maximised ? t('dialog.restore') : t('dialog.maximise')}
          onClick={() => {
            setMaximised((value) => !value);
            setOffset({ x: 0, y: 0 });
          }}
        />
      </span>
    </div>
  );

  return (
    <Modal
      open={open}
      title={header}
      onCancel={onCancel}
      onOk={onOk}
      okText={okText ?? t('common.confirm')}
      cancelText={cancelText ?? t('common.cancel')}
      confirmLoading={confirmLoading}
      footer={footer}
      width={maximised ? '100vw' : width}
      style={maximised ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : { maxWidth: 'calc(100vw - 32px)' }}
      styles={maximised ? { body: { minHeight: 'calc(100vh - 140px)' } } : undefined}
      zIndex={zIndex}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden={destroyOnHidden}
      className={minimised ? 'lx-dialog-minimised' : undefined}
      modalRender={(node) => (
        <div style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }} data-testid={testId}>
          {node}
        </div>
      )}
    >
      {children}
    </Modal>
  );
}
