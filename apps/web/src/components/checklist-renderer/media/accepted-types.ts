/** What a file question or an answer's files accept: the types `POST /inspections/{id}/media` takes. */
export const DOCUMENT_TYPES = 'image/*,video/*,audio/*,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.txt,.csv';
