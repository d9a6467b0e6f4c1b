import '../kb.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ERROR_PATH, KB_PATH } from '../../../lib/paths.ts';
import { useScreenCatalog } from '../../../lib/screen-catalog.ts';
import { isKbArticle, isKbSections } from '../articles.ts';

export function KbArticlePage() {
  const { t } = useTranslation('kb');
  const { slug } = useParams();
  const { shipped } = useScreenCatalog();
  if (!isKbArticle(slug)) return <Navigate to={ERROR_PATH} replace />;
  const sections: unknown = t(`articles.${slug}.sections`, { returnObjects: true });
  return (
    <article className="kb-article">
      <Link to={KB_PATH}>
        <ArrowLeftOutlined className="kb-article__back-icon" aria-hidden /> {t('home.back')}
      </Link>
      <Typography.Title level={1}>{t(`articles.${slug}.title`)}</Typography.Title>
      <Typography.Paragraph className="kb-article__summary">{t(`articles.${slug}.summary`)}</Typography.Paragraph>
      {isKbSections(sections) &&
        sections
          .filter((section) => section.screen === undefined || shipped.has(section.screen))
          .map((section) => (
            <section key={section.heading}>
              <Typography.Title level={2}>{section.heading}</Typography.Title>
              <Typography.Paragraph>{section.text}</Typography.Paragraph>
              {section.items && (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
    </article>
  );
}
