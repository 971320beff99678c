/** The transcript page of any record: uploads, meetings and dubs alike. */
export const transcriptPath = (id: string) => `/meetingDetail?id=${encodeURIComponent(id)}`;
