import type { CSSProperties } from 'react';
import type { LoginBgStrategy } from '@aula/contracts';

const SIZES: Record<LoginBgStrategy, string> = {
  none: 'auto',
  cover: 'cover',
  contain: 'contain',
  repeat: 'auto',
};

/** spec 3.5 login_bg_strat as CSS: the login page and the login-bg tab's preview draw the picture alike. */
export function loginBackgroundStyle(url: string, strategy: string): CSSProperties {
  const size = SIZES[strategy as LoginBgStrategy] ?? 'auto';
  return {
    backgroundImage: `url("${url}")`,
    backgroundSize: size,
    backgroundRepeat: strategy === 'repeat' ? 'repeat' : 'no-repeat',
    backgroundPosition: 'center',
  };
}
