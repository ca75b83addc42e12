export const voiceKeys = {
  all: ['voice'] as const,
  options: () => [...voiceKeys.all, 'options'] as const,
  calls: () => [...voiceKeys.all, 'calls'] as const,
  call: (id: string) => [...voiceKeys.all, 'call', id] as const,
};

export const callPath = (id: string, rest = '') => `/api/voice/calls/${encodeURIComponent(id)}${rest}`;
