// What POST /api/upload-lab-report says about a stored report, shared with the review screen that shows it.

export const UPLOADED_MESSAGE = 'Blood test uploaded successfully.';
/** A PDF whose reading overran its time or memory limit, or crashed: the file is kept and the values are typed in. */
export const UNREADABLE_MESSAGE = "We couldn't read this file automatically — enter the values yourself";
/** A scan or a photo while OCR reads it in the background (lib/labs/reading.ts). */
export const READING_MESSAGE = 'We are reading your report. You can leave this page: its values will wait here for you to check.';
