import { LIST_PAGE_SIZES } from '@vigil/contracts';
import { Button, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { paginationItems, parsePageSize, type ListState } from './list-url.ts';

interface Props {
  page: number;
  totalPages: number;
  limit: number;
  total: number;
  /** More rows match than `total` (the server counted only so far). */
  totalCapped: boolean;
  busy: boolean;
  onChange: (next: Partial<ListState>) => void;
}

/** Previous, the page numbers around the current one, next, the page size and the row count. */
export function TablePagination({ page: current, totalPages, limit, total, totalCapped, busy, onChange }: Props) {
  const { t } = useTranslation('table');
  return (
    <nav aria-label={t('pagination.label')} style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }}>
      <Button size="small" disabled={busy || current <= 1} onClick={() => onChange({ page: current - 1 })}>
        {t('pagination.previous')}
      </Button>
      {paginationItems(current, totalPages).map((page, index) =>
        page === null ? (
          <span key={`gap-${index}`} aria-hidden>
            …
          </span>
        ) : (
          <Button
            key={page}
            size="small"
            type={page === current ? 'primary' : 'default'}
            aria-current={page === current ? 'page' : undefined}
            disabled={busy}
            onClick={() => onChange({ page })}
          >
            {page}
          </Button>
        ),
      )}
      <Button size="small" disabled={busy || current >= totalPages} onClick={() => onChange({ page: current + 1 })}>
        {t('pagination.next')}
      </Button>
      <Select
        size="small"
        aria-label={t('pagination.pageSize')}
        value={String(limit)}
        disabled={busy}
        options={LIST_PAGE_SIZES.map((size) => ({ value: String(size), label: t('pagination.perPage', { count: size }) }))}
        onChange={(value: string) => onChange({ limit: parsePageSize(value), page: 1 })}
      />
      <Typography.Text type="secondary">
        {totalCapped ? t('pagination.totalCapped', { number: total }) : t('pagination.total', { count: total })}
      </Typography.Text>
    </nav>
  );
}
