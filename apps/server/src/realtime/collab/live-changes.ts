import type { Hocuspocus } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import * as Y from 'yjs';
import type { EventBus } from '../../events/event-bus';
import type { NoteDocumentStore } from '../../modules/notes/note-document.store';
import { type CollabContext, documentNameFor } from './context';

export interface LiveChangesDeps {
  hocuspocus: Hocuspocus;
  bus: EventBus;
  store: NoteDocumentStore;
  /** Open documents (name -> project id). */
  loaded: ReadonlyMap<string, string>;
  log: FastifyBaseLogger;
}

/**
 * Changes made elsewhere reach open documents through the bus (on every instance with Redis): a REST
 * edit replaces the live text; a deletion, a move or a loss of access closes the documents concerned.
 * Returns the unsubscribe.
 */
export function followChanges(deps: LiveChangesDeps): () => void {
  const { hocuspocus, store, loaded, log } = deps;

  /**
   * A REST edit of a note someone is co-editing here: the edit's write logged it as one Yjs update
   * (decision 044), so the stored state brings it, and every instance applying it adds the same
   * items; none builds the new text itself. Origin `rest`: Hocuspocus sends it to every client here
   * and stores the document.
   */
  const applyRestContent = async (noteId: string) => {
    const name = documentNameFor(noteId);
    const document =
      hocuspocus.documents.get(name) ?? (await hocuspocus.loadingDocuments.get(name)?.catch(() => undefined));
    if (!document) return;
    const stored = await store.read(noteId);
    if (!stored?.ydoc) return;
    Y.applyUpdate(document, Y.mergeUpdates([stored.ydoc, ...stored.updates]), 'rest');
  };

  const closeDocuments = (predicate: (documentName: string, projectId: string) => boolean) => {
    for (const [documentName, projectId] of loaded) {
      if (!predicate(documentName, projectId)) continue;
      // The sweep then checks who of them lost access, and closes their sockets if nothing else is open.
      for (const connection of hocuspocus.documents.get(documentName)?.getConnections() ?? []) {
        const context = connection.context as Partial<CollabContext> | undefined;
        if (context?.guarded && context.noteId) context.guarded.recheck.add(context.noteId);
      }
      hocuspocus.closeConnections(documentName);
    }
  };

  return deps.bus.subscribe(({ event }) => {
    if (event.type === 'voice.turn' || event.type === 'voice.notes') return;
    const documentName = event.noteId ? documentNameFor(event.noteId) : '';
    if (event.type === 'note.updated' && event.source === 'rest' && event.noteId) {
      applyRestContent(event.noteId).catch((err: unknown) =>
        log.warn({ err }, 'could not apply a REST edit live'),
      );
    } else if (event.type === 'note.deleted' || (event.type === 'note.updated' && event.fromProjectId)) {
      // Deleted or moved: connections re-authenticate against the note's new project (or fail).
      closeDocuments((name) => name === documentName);
    } else if ((event.type === 'member.left' || event.type === 'project.deleted') && event.projectId) {
      // Someone lost access: close the project's documents; members still allowed reconnect at once.
      closeDocuments((_name, projectId) => projectId === event.projectId);
    }
  });
}
