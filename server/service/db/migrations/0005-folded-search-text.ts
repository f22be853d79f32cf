/**
 * Folded copies (fold_text: no accents, lower case) of the texts that getAppointments and getPatientHistory
 * search, kept by triggers whatever writes the row (handlers, seed, labor import). Searched with instr(): its
 * cost does not grow with text length times pattern length as GLOB's did (docs/decisions/0009).
 */
export const foldedSearchText = `
ALTER TABLE appointments ADD COLUMN text_folded TEXT NOT NULL DEFAULT '';
ALTER TABLE appointments ADD COLUMN comment_folded TEXT NOT NULL DEFAULT '';
UPDATE appointments SET text_folded = fold_text(text), comment_folded = fold_text(comment);
CREATE TRIGGER appointments_fold_insert AFTER INSERT ON appointments BEGIN
  UPDATE appointments SET text_folded = fold_text(NEW.text), comment_folded = fold_text(NEW.comment)
  WHERE id = NEW.id;
END;
CREATE TRIGGER appointments_fold_update AFTER UPDATE OF text, comment ON appointments BEGIN
  UPDATE appointments SET text_folded = fold_text(NEW.text), comment_folded = fold_text(NEW.comment)
  WHERE id = NEW.id;
END;

ALTER TABLE hx_entries ADD COLUMN category_folded TEXT NOT NULL DEFAULT '';
ALTER TABLE hx_entries ADD COLUMN text_folded TEXT NOT NULL DEFAULT '';
ALTER TABLE hx_entries ADD COLUMN teaser_folded TEXT NOT NULL DEFAULT '';
UPDATE hx_entries SET category_folded = fold_text(category), text_folded = fold_text(text),
  teaser_folded = fold_text(teaser);
CREATE TRIGGER hx_entries_fold_insert AFTER INSERT ON hx_entries BEGIN
  UPDATE hx_entries SET category_folded = fold_text(NEW.category), text_folded = fold_text(NEW.text),
    teaser_folded = fold_text(NEW.teaser)
  WHERE historyid = NEW.historyid;
END;
CREATE TRIGGER hx_entries_fold_update AFTER UPDATE OF category, text, teaser ON hx_entries BEGIN
  UPDATE hx_entries SET category_folded = fold_text(NEW.category), text_folded = fold_text(NEW.text),
    teaser_folded = fold_text(NEW.teaser)
  WHERE historyid = NEW.historyid;
END;
`;
