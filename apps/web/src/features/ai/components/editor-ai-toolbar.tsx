import type { EditorAiToolbarProps } from '@/features/editor';
import { useStreamingIntoEditor } from '../hooks/use-streaming-into-editor';
import { AiToolbarSlot } from './ai-toolbar-slot';

/** The AI toolbar of a rich-text editor (/editor, Quick View): results go in through the editor's handle. */
export function EditorAiToolbar({ context, disabled, ...host }: EditorAiToolbarProps) {
  const slot = useStreamingIntoEditor(host);
  return <AiToolbarSlot context={context} disabled={disabled} {...slot} />;
}
