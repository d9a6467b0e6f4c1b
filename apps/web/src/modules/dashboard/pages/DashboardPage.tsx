import '../dashboard.css';
import { BookOutlined, MobileOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrandName } from '../../../components/BrandLogo.tsx';
import { KB_PATH } from '../../../lib/paths.ts';
import { useScreenCatalog } from '../../../lib/screen-catalog.ts';
import { useSession } from '../../../lib/session.ts';
import { StartCard } from '../components/StartCard.tsx';

/** Welcome text, what is still to come, and the three start cards of spec 1 §1: docs, tutorials, app. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tShell } = useTranslation('shell');
  const { comingSoonMenu } = useScreenCatalog();
  const comingNext = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(comingSoonMenu.map((label) => tShell(label)));
  const firstName = useSession()?.userData.first_name ?? '';
  const brand = useBrandName();
  return (
    <>
      <Typography.Title level={1}>{t('welcome.title', { name: firstName })}</Typography.Title>
      <Typography.Paragraph className="dashboard-intro">
        {t('welcome.text', { brand })}
        {comingSoonMenu.length > 0 && ` ${t('welcome.coming_next', { features: comingNext })}`}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <StartCard
            icon={<BookOutlined />}
            title={t('cards.docs.title')}
            text={t('cards.docs.text')}
            link={t('cards.docs.link')}
            to={KB_PATH}
          />
        </Col>
        <Col xs={24} md={8}>
          <StartCard
            icon={<PlayCircleOutlined />}
            title={t('cards.tutorials.title')}
            text={t('cards.tutorials.text')}
            link={t('cards.tutorials.link')}
            to={`${KB_PATH}/articles/product-update`}
          />
        </Col>
        <Col xs={24} md={8}>
          <StartCard
            icon={<MobileOutlined />}
            title={t('cards.app.title')}
            text={t('cards.app.text')}
            link={t('cards.app.link')}
            to={`${KB_PATH}/articles/release-notes`}
          />
        </Col>
      </Row>
    </>
  );
}
