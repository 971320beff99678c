import { useMediaQuery } from '@chakra-ui/react';
import { MOBILE_MAX_WIDTH_PX } from '../../shared/contract/limits';

/**
 * platform §9: the mobile layout applies at 768 px or less. Read from the window on the first
 * render (ssr: false; this app renders only in the browser): with the default, a phone first paints
 * the desktop layout and the whole page moves once an effect corrects it (CLS 0.292 on /recordList
 * mobile, issue 27).
 */
export function useIsMobile(): boolean {
  const [mobile] = useMediaQuery([`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`], { fallback: [false], ssr: false });
  return mobile ?? false;
}
