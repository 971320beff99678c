import { Box } from '@chakra-ui/react';

/** A horizontal bar of the microphone level (0..1). */
export function LevelMeter({ level, label }: { level: number; label: string }) {
  const percent = Math.round(Math.max(0, Math.min(1, level)) * 100);
  return (
    <Box role="meter" aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} data-testid="level-meter" w="40" h="2" bg="gray.200" borderRadius="full" overflow="hidden">
      <Box h="full" w={`${percent}%`} bg={percent > 85 ? 'red.500' : 'green.500'} transition="width 0.1s linear" />
    </Box>
  );
}
