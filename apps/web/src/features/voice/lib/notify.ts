// The voice card's one way to toast. On main, decision 028 moves sonner out of the first route behind
// `@/lib/toast` (same toast / toast.error / toast.success with description and action) and lint
// forbids importing 'sonner' elsewhere: when merged, this line becomes
// `export { toast } from '@/lib/toast';` and nothing else in the voice feature changes.
export { toast } from 'sonner';
