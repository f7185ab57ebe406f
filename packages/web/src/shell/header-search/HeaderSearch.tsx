import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/session-store';
import { menuTitle } from '../../i18n/menu-title';
import { createSearcher, searchItems } from './search-index';

/** Fuzzy search over the titles and paths of the screens this user may open; choosing one navigates. */
export function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const routes = useSession((s) => s.routes);
  const [query, setQuery] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: titles are re-translated when the language changes
  const items = useMemo(() => searchItems(routes, (k) => menuTitle(t, k)), [routes, t, i18n.language]);
  const search = useMemo(() => createSearcher(items), [items]);
  const results = search(query);

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={t('nav.search')}
      aria-label={t('nav.search')}
      prefix={<SearchOutlined style={{ color: '#8c96a3' }} />}
      variant="filled"
      style={{ width: 220 }}
      suffixIcon={null}
      notFoundContent={query ? t('nav.searchEmpty') : null}
      options={results.map((r) => ({ value: r.path, label: r.title }))}
      data-testid="header-search"
      onSelect={(path: string | null) => {
        if (!path) return;
        const item = items.find((i) => i.path === path);
        setQuery('');
        if (item?.external) window.open(path, '_blank', 'noopener');
        else navigate(path);
      }}
    />
  );
}
