// The dub editor's video element as the editor's clock and player: its time followed into the
// playback clock, and a voiced line's preview played over it (the video muted meanwhile).
import { useEffect, useState } from 'react';
import type { PlaybackClock } from './playback-clock';

/** Follows the video element's time into the clock: every frame while playing, on seeks otherwise. */
export function useVideoClock(video: HTMLVideoElement | null, clock: PlaybackClock) {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!video) return undefined;
    let frame = 0;
    const read = () => clock.set(Math.round(video.currentTime * 1000));
    const tick = () => {
      read();
      frame = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const onPause = () => {
      setPlaying(false);
      cancelAnimationFrame(frame);
      read();
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('seeked', read);
    video.addEventListener('timeupdate', read);
    return () => {
      cancelAnimationFrame(frame);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('seeked', read);
      video.removeEventListener('timeupdate', read);
    };
  }, [video, clock]);
  return playing;
}

/** What of a line's preview (DubEditorScreen's LinePreviewState) the playback needs. */
export interface PreviewPlayback {
  phase: string;
  audio: Blob | null;
  startMs: number;
}

/** Plays a voiced line over the video from the line's start, the video muted meanwhile. */
export function usePreviewPlayback(video: HTMLVideoElement | null, preview: PreviewPlayback, onEnded: () => void) {
  const { phase, audio, startMs } = preview;
  useEffect(() => {
    if (phase !== 'playing' || !audio) return undefined;
    const url = URL.createObjectURL(audio);
    const player = new Audio(url);
    const wasMuted = video?.muted ?? false;
    if (video) {
      video.currentTime = startMs / 1000;
      video.muted = true;
      video.play().catch(() => undefined);
    }
    player.addEventListener('ended', onEnded);
    player.play().catch(onEnded);
    return () => {
      player.removeEventListener('ended', onEnded);
      player.pause();
      URL.revokeObjectURL(url);
      if (video) {
        video.pause();
        video.muted = wasMuted;
      }
    };
  }, [phase, audio, startMs, video, onEnded]);
}
