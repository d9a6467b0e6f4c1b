import { LinkOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { NewShareAnswer, Share, ShareStatus } from '@vigil/contracts';
import { Alert, Button, Empty, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { useCreateShare, useRevokeShare, useShares } from '../../api.ts';
import { useReportScope } from './report-context.ts';

/** How long a new link works, in days (`never`: until it is revoked). */
const EXPIRY_CHOICES = ['never', '1', '7', '30', '90'] as const;
type Expiry = (typeof EXPIRY_CHOICES)[number];

/** Solid tags with white text, readable in every skin: an active link the published green; the others plain. */
const STATUS_COLORS: Record<ShareStatus, string | undefined> = { active: '#0e700e', expired: undefined, revoked: undefined };

const DAY_MS = 86_400_000;

/**
 * A manager's share links of the report: make one (optionally ending), copy it (shown this once: the
 * server keeps only its hash), see each link's state, and revoke it after confirming.
 */
export function SharesPanel() {
  const { t } = useTranslation('inspections');
  const { report, dates } = useReportScope();
  const id = report.inspection.id;
  const shares = useShares(id, true);
  const create = useCreateShare(id);
  const revoke = useRevokeShare(id);
  const confirm = useConfirmDialog();
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [made, setMade] = useState<NewShareAnswer | null>(null);
  const expiryId = useId();
  const archived = report.inspection.archived_at !== null;

  const makeLink = () =>
    create.mutate(
      { expires_at: expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * DAY_MS).toISOString() },
      { onSuccess: setMade },
    );

  const askToRevoke = (share: Share) =>
    void confirm({
      title: t('shares.revoke_title'),
      content: t('shares.revoke_text'),
      okText: t('shares.revoke'),
      danger: true,
      onConfirm: () => revoke.mutateAsync(share.id),
    });

  const stateOf = (share: Share) =>
    share.status === 'revoked' && share.revoked_at
      ? t('shares.revoked_at', { date: dates.dateTime(share.revoked_at) })
      : share.expires_at
        ? t(share.status === 'expired' ? 'shares.expired_at' : 'shares.expires_at', { date: dates.dateTime(share.expires_at) })
        : t('shares.no_expiry');

  return (
    <section className="report-shares" aria-labelledby="report-shares-title" data-testid="report-shares">
      <h2 id="report-shares-title" className="report-side-title">
        <ShareAltOutlined aria-hidden /> {t('shares.title')}
      </h2>
      <Typography.Paragraph type="secondary">{t('shares.hint')}</Typography.Paragraph>
      {archived ? (
        <Alert type="info" showIcon title={t('shares.archived')} />
      ) : (
        <Space wrap className="report-shares-new">
          <label htmlFor={expiryId}>{t('shares.expiry')}</label>
          <Select<Expiry>
            id={expiryId}
            value={expiry}
            onChange={setExpiry}
            style={{ minWidth: 160 }}
            options={EXPIRY_CHOICES.map((days) => ({
              value: days,
              label: days === 'never' ? t('shares.never') : t('shares.days', { count: Number(days) }),
            }))}
          />
          <Button type="primary" icon={<LinkOutlined aria-hidden />} loading={create.isPending} onClick={makeLink}>
            {t('shares.create')}
          </Button>
        </Space>
      )}
      <List<Share>
        className="report-shares-list"
        loading={shares.isPending}
        dataSource={shares.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shares.none')} /> }}
        renderItem={(share) => (
          <List.Item
            data-testid="share-row"
            data-status={share.status}
            actions={
              share.status === 'active'
                ? [
                    <Button
                      key="revoke"
                      danger
                      onClick={() => askToRevoke(share)}
                      aria-label={t('shares.revoke_named', { date: dates.dateTime(share.created_at) })}
                    >
                      {t('shares.revoke')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space size={8} wrap>
                  <Tag color={STATUS_COLORS[share.status]} data-testid="share-status">
                    {t(`shares.status.${share.status}`)}
                  </Tag>
                  <span>
                    {share.created_by
                      ? t('shares.created_by', { name: share.created_by.name, date: dates.dateTime(share.created_at) })
                      : t('shares.created', { date: dates.dateTime(share.created_at) })}
                  </span>
                </Space>
              }
              description={stateOf(share)}
            />
          </List.Item>
        )}
      />
      <Modal
        open={made !== null}
        title={t('shares.made_title')}
        onCancel={() => setMade(null)}
        footer={
          <Button type="primary" onClick={() => setMade(null)}>
            {t('shares.done')}
          </Button>
        }
        destroyOnHidden
      >
        {made ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon title={t('shares.shown_once')} />
            <Typography.Paragraph
              className="report-share-url"
              data-testid="share-url"
              copyable={{ text: made.url, tooltips: [t('shares.copy'), t('shares.copied')] }}
            >
              {made.url}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {made.expires_at ? t('shares.expires_at', { date: dates.dateTime(made.expires_at) }) : t('shares.no_expiry')}
            </Typography.Text>
          </Space>
        ) : null}
      </Modal>
    </section>
  );
}
