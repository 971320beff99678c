import { useMediaQuery } from '@chakra-ui/react';
import { MOBILE_MAX_WIDTH_PX } from '../../shared/contract/limits';

/** platform §9: the mobile layout applies at 768 px or less. */
export function useIsMobile(): boolean {
  const [mobile] = useMediaQuery([`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`], { fallback: [false] });
  return mobile ?? false;
}
