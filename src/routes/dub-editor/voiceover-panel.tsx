// The voice-over panel wired to its machine, for the dub editor screen to mount when the user asks to
// voice the edits (issue 13 §5). Mounting starts the checklist; closing stops the synthesis polling
// (the machine's final state) and tells the screen. A purchase refusal opens the purchase dialog (on
// the entitlement tab, like the AI dubbing dialog does) through the app bus.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanStart,
  selectPreviewUrl,
  selectVoiceoverContext,
  selectVoiceoverPhase,
  voiceoverMachine,
} from '../../machines/dub-editor/voiceover.machine';
import { selectVoicePicker, speakerVoiceMachine } from '../../machines/dub-editor/speakerVoice.machine';
import { TOAST_DURATION_MS } from '../../shared/contract/limits';
import { ENTITLEMENT_PURCHASE_TAB } from '../../shared/contract/purchase-tabs';
import { SpeakerVoicePicker } from '../../ui/dub-editor/SpeakerVoicePicker';
import { VoiceoverPanel } from '../../ui/dub-editor/VoiceoverPanel';
import { useAppBus } from '../shell/app-bus';
import { useSignedInUser } from '../shell/session-context';
import { showToast } from '../shell/show-toast';

export interface VoiceoverPanelContainerProps {
  taskId: string;
  lang: string;
  durationSeconds: number;
  onClose(): void;
}

export default function VoiceoverPanelContainer({ taskId, lang, durationSeconds, onClose }: VoiceoverPanelContainerProps) {
  const { t } = useTranslation('dubbing');
  const bus = useAppBus();
  const user = useSignedInUser();
  const actor = useActorRef(voiceoverMachine, { input: { taskId, lang, durationSeconds, userId: user?.id ?? null } });
  const phase = useSelector(actor, selectVoiceoverPhase);
  const context = useSelector(actor, selectVoiceoverContext);
  const canStart = useSelector(actor, selectCanStart);
  const previewUrl = useSelector(actor, selectPreviewUrl);
  const voices = useActorRef(speakerVoiceMachine, { input: { taskId, lang } });
  const picker = useSelector(voices, selectVoicePicker);
  const { t: te } = useTranslation('dubEditor');

  useEffect(() => {
    const subscriptions = [
      // Where features §9 sends an entitlement refusal: the tab the AI dubbing dialog opens too.
      actor.on('voiceover.needsPurchase', () => bus.send({ type: 'purchase.open', tab: ENTITLEMENT_PURCHASE_TAB })),
      actor.on('voiceover.error', (event) => void showToast({ type: 'error', title: event.message ?? t(event.messageKey ?? 'voiceover.startFailed'), duration: TOAST_DURATION_MS })),
      actor.on('voiceover.completed', () => void showToast({ type: 'success', title: t('voiceover.completed'), duration: TOAST_DURATION_MS })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, bus, t]);

  const errorText = context.errorMessage ?? (context.errorKey ? t(context.errorKey) : undefined);
  return (
    <VoiceoverPanel
      phase={phase}
      checklist={context.checklist}
      balanceSeconds={context.balance}
      progress={context.progress}
      step={context.step}
      errorText={errorText}
      canStart={canStart}
      previewUrl={previewUrl}
      voicePicker={
        <SpeakerVoicePicker
          {...picker}
          speakers={context.checklist?.speakers ?? []}
          errorText={picker.errorMessage ?? (picker.errorKey ? te(picker.errorKey) : undefined)}
          onChoose={(speakerId, speakerName, voice) => voices.send({ type: 'choose', choice: { speakerId, speakerName, voice } })}
          onSample={(voice) => voices.send({ type: 'sample', voice })}
          onStop={() => voices.send({ type: 'stop' })}
          onEnded={() => voices.send({ type: 'ended' })}
          onRetry={() => voices.send({ type: 'retry' })}
          onClone={(speakerId) => voices.send({ type: 'clone', speakerId })}
        />
      }
      onStart={() => actor.send({ type: 'voiceover.start' })}
      onRetry={() => actor.send({ type: phase === 'failed' ? 'voiceover.start' : 'voiceover.retry' })}
      onDownload={() => actor.send({ type: 'voiceover.download' })}
      onClose={() => {
        actor.send({ type: 'voiceover.close' });
        onClose();
      }}
    />
  );
}
