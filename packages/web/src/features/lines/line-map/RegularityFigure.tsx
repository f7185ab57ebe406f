import { QuestionCircleOutlined } from '@ant-design/icons';
import type { LineHeadways } from '@headway/server/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { directionName } from '../diagram/labels';
import { formatCv, regularityGrade, regularityTone } from './regularity';

/** The line header's headway regularity (server's CV over the last hour) with its grade and an explanation. */
export function RegularityFigure({ headways, category }: { headways: LineHeadways | undefined; category: number }) {
  const { t } = useTranslation('lines');
  const cv = headways?.regularity ?? null;
  const grade = cv === null ? null : regularityGrade(cv);
  const explain = (
    <div className="hw-line-card__explain">
      <p>{t('lines.regularity.explain')}</p>
      {headways?.directions.map((d) => {
        const direction = directionName(t, category, d.direction);
        return (
          <div key={d.direction}>
            {d.regularity === null
              ? t('lines.regularity.directionNone', { direction })
              : t('lines.regularity.direction', { direction, cv: formatCv(d.regularity), samples: d.samples })}
          </div>
        );
      })}
    </div>
  );
  return (
    <Tooltip title={explain} styles={{ root: { maxWidth: 420 } }}>
      <span
        className={`hw-line-card__regularity${grade ? ` hw-line-card__regularity--${regularityTone(grade)}` : ''}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the explanation tooltip
        tabIndex={0}
        data-testid="line-regularity"
        data-cv={cv ?? ''}
      >
        {t('lines.regularity.label', {
          value:
            cv === null || grade === null
              ? t('lines.regularity.none')
              : t('lines.regularity.value', { cv: formatCv(cv), grade }),
        })}{' '}
        <QuestionCircleOutlined aria-hidden />
      </span>
    </Tooltip>
  );
}
