import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popover } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../../app/layout/icons';
import { filterIcons, iconChoices } from './icon-names';

export interface IconPickerProps {
  value?: string;
  onChange?: (name: string) => void;
  /** icon names used by existing menus */
  inUse?: readonly (string | undefined)[];
}

/** Picks a menu icon from the shell's icon set, searchable by name and usable with the keyboard. */
export function IconPicker({ value, onChange, inUse = [] }: IconPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const choices = useMemo(() => iconChoices(inUse), [inUse]);
  const shown = useMemo(() => filterIcons(choices, text), [choices, text]);
  const current = value && value !== '#' ? value : '';

  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
    setText('');
  };

  const panel = (
    <div style={{ width: 460 }} data-testid="icon-picker-panel">
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={t('menu.iconSearch')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && shown.length === 1) pick(shown[0]);
          if (event.key === 'Escape') setOpen(false);
        }}
        style={{ marginBottom: 8 }}
      />
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menu.noIcon')} />
      ) : (
        <div
          role="listbox"
          aria-label={t('menu.icon')}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 4, maxHeight: 260, overflowY: 'auto' }}
        >
          {shown.map((name) => (
            <Button
              key={name}
              role="option"
              aria-selected={name === current}
              type={name === current ? 'primary' : 'text'}
              ghost={name === current}
              icon={menuIcon(name)}
              onClick={() => pick(name)}
              style={{ justifyContent: 'flex-start', overflow: 'hidden' }}
              title={name}
              data-testid={`icon-${name}`}
            >
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
            </Button>
          ))}
        </div>
      )}
    </div>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomLeft" content={panel}>
      <Input
        readOnly
        value={current}
        placeholder={t('menu.iconPlaceholder')}
        prefix={current ? menuIcon(current) : <SearchOutlined />}
        suffix={
          current ? (
            <CloseCircleFilled
              role="button"
              aria-label={t('menu.iconClear')}
              style={{ color: 'rgba(0,0,0,.25)', cursor: 'pointer' }}
              onClick={(event) => {
                event.stopPropagation();
                onChange?.('');
              }}
            />
          ) : undefined
        }
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        style={{ cursor: 'pointer' }}
        data-testid="icon-picker"
      />
    </Popover>
  );
}
