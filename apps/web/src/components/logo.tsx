import { configFlag, configText, useConfig } from '@/lib/config';
import { cn } from '@/lib/utils';

/** The "A" mark, the same drawing as public/favicon.svg; decorative, the product name stands beside it. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path
        d="M16 6.5 8 25.5h4.2l1.7-4.4h4.2l1.7 4.4H24L16 6.5Zm0 6.7 1.6 4.6h-3.2l1.6-4.6Z"
        fill="#fff"
        fillRule="evenodd"
      />
    </svg>
  );
}

/**
 * spec 3.5: the school's own logo when it uploaded one (logo_replacement), else the product logo unless
 * show_lara_logo is off. Decorative: a name always stands beside it. Only our own image paths are used.
 */
export function BrandLogo({ className }: { className?: string }) {
  const config = useConfig();
  const replacement = configText(config, 'logo_replacement');
  if (replacement.startsWith('/api/config/logo/image'))
    return <img src={replacement} alt="" className={cn('size-8 object-contain', className)} />;
  return configFlag(config, 'show_lara_logo') ? <Logo className={className} /> : null;
}
