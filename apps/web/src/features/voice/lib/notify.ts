// The voice card's one way to toast (sonner stays out of the first route behind `@/lib/toast`).
export { toast } from '@/lib/toast';
