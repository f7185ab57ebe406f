import { useTranslation } from 'react-i18next';
import type { CompanyDisplay } from '../api';

/** The left half of the login page: company dressing over a stylised line network. */
export function LoginHero({ company }: { company: CompanyDisplay | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="hw-login__hero">
      <svg className="hw-login__network" viewBox="0 0 600 600" aria-hidden="true">
        <g fill="none" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M-20 420 L140 420 L220 340 L420 340 L500 260 L640 260" stroke="rgba(255,255,255,.35)" />
          <path d="M80 -20 L80 160 L200 280 L200 520 L260 620" stroke="rgba(255,255,255,.22)" />
          <path d="M-20 120 L300 120 L380 200 L380 460 L460 540 L640 540" stroke="rgba(255,255,255,.28)" />
        </g>
        <g fill="#fff">
          {[
            [140, 420],
            [220, 340],
            [420, 340],
            [500, 260],
            [80, 160],
            [200, 280],
            [200, 520],
            [300, 120],
            [380, 200],
            [380, 460],
            [460, 540],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="7" opacity=".85" />
          ))}
        </g>
      </svg>
      <div className="hw-login__hero-text">
        <div className="hw-login__brand">{company?.companyTitle || t('app.name')}</div>
        <h1>{t('login.heroTitle')}</h1>
        <p>{t('login.heroText')}</p>
      </div>
    </div>
  );
}
