import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShellRoutes } from '../shell-context';
import { createRouteSearch, searchPool } from './route-search';

/** Fuzzy route search over every visible page (fuse.js, spec §2 weights). */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { routes } = useShellRoutes();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useMemo(() => createRouteSearch(searchPool(routes)), [routes]);
  const options = useMemo(
    () => search(query).map((entry) => ({ value: entry.path, label: entry.title.join(' > ') })),
    [search, query],
  );

  if (!open) {
    return (
      <Button
        type="text"
        icon={<SearchOutlined />}
        title={t('navbar.search')}
        aria-label={t('navbar.search')}
        onClick={() => setOpen(true)}
      />
    );
  }
  return (
    <AutoComplete
      autoFocus
      style={{ width: 220 }}
      options={options}
      value={query}
      placeholder={t('navbar.searchPlaceholder')}
      onSearch={setQuery}
      onChange={setQuery}
      onBlur={() => {
        setOpen(false);
        setQuery('');
      }}
      onSelect={(path: string) => {
        setOpen(false);
        setQuery('');
        if (/^https?:/.test(path)) window.open(path, '_blank');
        else navigate(path);
      }}
      data-testid="route-search"
    />
  );
}
