import { EditorAiToolbar } from '@/features/ai';
import { EditorPage } from '@/features/editor/editor-page';

/**
 * /editor: the editor feature's page with the AI feature's toolbar. Put together here, above both,
 * because the AI feature builds on the editor's types and the editor must not import the AI feature.
 */
export function EditorRoute() {
  return <EditorPage aiToolbar={EditorAiToolbar} />;
}
