import '../kb.css';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KB_PATH } from '../../../lib/paths.ts';
import { KB_ARTICLES } from '../articles.ts';

export function KbHomePage() {
  const { t } = useTranslation('kb');
  return (
    <>
      <Typography.Title level={1}>{t('home.title')}</Typography.Title>
      <Typography.Paragraph>{t('home.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]} role="list">
        {KB_ARTICLES.map((slug) => (
          <Col key={slug} xs={24} md={12} role="listitem">
            <Card>
              <Typography.Title level={2} className="kb-card__title">
                <Link to={`${KB_PATH}/articles/${slug}`}>{t(`articles.${slug}.title`)}</Link>
              </Typography.Title>
              <Typography.Paragraph>{t(`articles.${slug}.summary`)}</Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
