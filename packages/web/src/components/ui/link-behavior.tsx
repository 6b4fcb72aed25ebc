import type { Ref } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

type LinkBehaviorProps = Omit<RouterLinkProps, 'to'> & { href: RouterLinkProps['to']; ref?: Ref<HTMLAnchorElement> };

/**
 * Lets MUI's `href` prop navigate inside the SPA. The theme makes it the default `LinkComponent` of
 * every button and link, so `<Button href="/auth/login">` is a client-side navigation.
 */
export function LinkBehavior({ href, ref, ...props }: LinkBehaviorProps) {
  return <RouterLink ref={ref} to={href} {...props} />;
}
