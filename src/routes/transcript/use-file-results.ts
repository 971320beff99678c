// What a transcript page does with the files machine's results: save a file, play speech once, or
// show a notice. The owner's page and the shared transcript page both hand them over here.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranscriptFilesEmitted } from '../../machines/transcript/transcriptFiles.machine';
import { saveToDisk } from '../../shared/save-file';
import { showNotice } from '../shell/show-toast';

/** What the files machine hands over: a file to save, speech to play, or a notice to show. */
export function useFileResults(actor: { on: (type: '*', listener: (event: TranscriptFilesEmitted) => void) => { unsubscribe(): void } }) {
  const { t } = useTranslation('transcript');
  useEffect(() => {
    const subscription = actor.on('*', (event) => {
      if (event.type === 'file.ready') saveToDisk(event.file);
      else if (event.type === 'speech.ready') playOnce(event.audio);
      else showNotice(event, t);
    });
    return () => subscription.unsubscribe();
  }, [actor, t]);
}

function playOnce(audio: Blob) {
  const url = URL.createObjectURL(audio);
  const element = new Audio(url);
  element.onended = () => URL.revokeObjectURL(url);
  void element.play().catch(() => undefined);
}
