//! One pass: this history's new changes written to the shared folder, the other devices' new
//! files applied, each in a transaction of its own, in causal order.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::apply::{self, Change};
use super::capture::{self, Me};
use super::folder::{self, DeviceDir, DeviceFile, Header, Scan, Unreadable};
use super::materialize::Materializer;
use super::records::Kind;
use super::{
    SyncApplied, SyncDeviceStatus, SyncReport, SyncSkipped, SyncStatus, SyncWaitKind, SyncWaiting,
    default_device_name,
};
use crate::games::Problems;
use crate::history::plays::{fmt_time, now, parse_time};
use crate::history::{Result, Store, StoreError, latest_schema_version};
use crate::text::Text;

fn folder_problem(message: Text) -> StoreError {
    let mut p = Problems::new();
    p.push("folder", "folder", message);
    StoreError::Invalid(p)
}

fn not_shared() -> StoreError {
    folder_problem(Text::new(
        "Cet historique n'est pas encore partagé : choisissez d'abord un dossier.",
        "This history is not shared yet: choose a folder first.",
    ))
}

fn u32_of(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// What applying a file did.
enum Outcome {
    Applied(SyncApplied, Vec<i64>),
    /// Nothing of it applied (the reason).
    Refused(String),
    /// Applied before, by another pass.
    Before,
}

/// What comes next from one device.
enum Next {
    /// Nothing beyond what is applied.
    Nothing,
    Apply(Header, Vec<u8>),
    Wait(SyncWaitKind, Text),
    Skip(String, Text),
}

impl Store {
    /// Shares this history through `folder` (`None`: stops sharing; what was shared stays in
    /// the folder, and this history keeps its identity there for when it is shared again), and
    /// names this device for the others (`device_name`). A folder holding the history itself
    /// is refused: the live database never goes where a sync engine copies files.
    pub fn share_history(&mut self, folder: Option<&Path>, device_name: Option<&str>) -> Result<SyncStatus> {
        let folder = folder.map(|f| self.check_share_folder(f)).transpose()?;
        let name = device_name.map(str::trim).filter(|n| !n.is_empty());
        if let Some(name) = name
            && name.chars().count() > 60
        {
            let mut p = Problems::new();
            p.push("device_name", "too_long", crate::history::plays::too_long(60));
            return Err(StoreError::Invalid(p));
        }
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        if capture::me(&tx)?.is_none() && folder.is_some() {
            tx.execute(
                "INSERT INTO sync_self (only, device, name) VALUES (1, ?1, ?2)",
                params![
                    uuid::Uuid::new_v4().to_string(),
                    name.map_or_else(default_device_name, str::to_owned)
                ],
            )?;
            // Everything already here is shared at the first pass.
            tx.execute_batch(
                "INSERT OR IGNORE INTO sync_dirty (kind, id) SELECT 'player', id FROM players;
                 INSERT OR IGNORE INTO sync_dirty (kind, id) SELECT 'play', id FROM plays;",
            )?;
        }
        if let Some(folder) = &folder {
            tx.execute("UPDATE sync_self SET folder = ?1", [folder.to_string_lossy()])?;
        } else {
            tx.execute("UPDATE sync_self SET folder = NULL", [])?;
        }
        if let Some(name) = name {
            tx.execute("UPDATE sync_self SET name = ?1", [name])?;
        }
        tx.commit()?;
        self.sync_status()
    }

    /// The folder as shared: an existing folder, absolute, not holding this history.
    fn check_share_folder(&self, folder: &Path) -> Result<PathBuf> {
        // A new folder in an existing one is made (the CLI's `--folder`).
        if !folder.exists() && folder.parent().is_some_and(Path::is_dir) {
            let _ = std::fs::create_dir(folder);
        }
        let found = folder.canonicalize().ok().filter(|f| f.is_dir());
        let Some(folder) = found else {
            return Err(folder_problem(Text::new(
                format!("Dossier introuvable : {}", folder.display()),
                format!("Folder not found: {}", folder.display()),
            )));
        };
        if let Some(db) = self.path.as_ref().and_then(|p| p.parent()).and_then(|d| d.canonicalize().ok())
            && (db.starts_with(&folder) || folder.starts_with(db.join(crate::history::BACKUP_DIR_NAME)))
        {
            return Err(folder_problem(Text::new(
                "L'historique lui-même est dans ce dossier : un logiciel de synchronisation le copierait en cours d'écriture et l'abîmerait. Choisissez un autre dossier.",
                "The history itself lives in this folder: a sync engine would copy it while it is written and damage it. Choose another folder.",
            )));
        }
        Ok(folder)
    }

    /// One pass through the shared folder (`folder` given: the history is shared there from
    /// now on): this history's changes written, then every other device's new files applied.
    pub fn sync_now(&mut self, folder: Option<&Path>) -> Result<SyncReport> {
        if let Some(folder) = folder {
            self.share_history(Some(folder), None)?;
        }
        let me = capture::me(&self.conn)?.ok_or_else(not_shared)?;
        let folder = PathBuf::from(me.folder.clone().ok_or_else(not_shared)?);
        if !folder.is_dir() {
            return Err(folder_problem(Text::new(
                format!("Le dossier partagé est introuvable : {}", folder.display()),
                format!("The shared folder cannot be found: {}", folder.display()),
            )));
        }
        let mut report = SyncReport {
            folder: folder.to_string_lossy().into_owned(),
            written: 0,
            applied: Vec::new(),
            waiting: Vec::new(),
            skipped: Vec::new(),
            conflicts: 0,
            changed_plays: Vec::new(),
        };
        {
            let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let mut me = capture::me(&tx)?.ok_or_else(not_shared)?;
            capture::capture(&tx, &mut me)?;
            tx.commit()?;
        }
        report.written += self.write_outbox(&folder)?;
        let scan = folder::scan(&folder).map_err(|source| StoreError::Io { path: folder.clone(), source })?;
        let roomy = Roomy::set(&self.conn)?;
        let applied = self.apply_folder(&scan, &mut report);
        roomy.restore(&self.conn)?;
        applied?;
        report.written += self.write_outbox(&folder)?;
        let scan = folder::scan(&folder).map_err(|source| StoreError::Io { path: folder.clone(), source })?;
        report.waiting = self.waiting(&scan)?.0;
        self.write_device_file(&folder)?;
        self.conn.execute("UPDATE sync_self SET last_pass_at = ?1", [fmt_time(&now())])?;
        report.conflicts = self.conflict_count()?;
        Ok(report)
    }

    fn conflict_count(&self) -> Result<u32> {
        Ok(self
            .conn
            .query_row("SELECT COUNT(DISTINCT kind || uuid) FROM sync_conflicts", [], |r| r.get(0))?)
    }

    /// Writes this history's files missing from the folder. A file of this device there that
    /// this history did not write (the history was restored from a backup, or copied to another
    /// machine) makes it a new device first: the files are write-once.
    fn write_outbox(&mut self, folder: &Path) -> Result<u32> {
        let me = capture::me(&self.conn)?.ok_or_else(not_shared)?;
        let dir = folder.join(folder::DIR_NAME).join(&me.device);
        let outbox: Vec<(i64, Vec<u8>)> = self
            .conn
            .prepare("SELECT seq, file FROM sync_outbox ORDER BY seq")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let last = outbox.last().map_or(0, |(s, _)| *s);
        let there: HashMap<u64, PathBuf> = folder::scan(folder)
            .ok()
            .and_then(|s| s.devices.into_iter().find(|d| d.device == me.device))
            .map(|d| d.files.into_iter().collect())
            .unwrap_or_default();
        let beyond = there.keys().any(|s| *s > u64::try_from(last).unwrap_or(0));
        let differs = outbox.iter().find(|(seq, file)| {
            there
                .get(&(u64::try_from(*seq).unwrap_or(0)))
                .is_some_and(|path| std::fs::read(path).map(|b| b != *file).unwrap_or(false))
        });
        if beyond || differs.is_some() {
            let first_own = differs.map_or(last + 1, |(seq, _)| *seq);
            self.become_new_device(&me, first_own)?;
            return self.write_outbox(folder);
        }
        let mut written = 0;
        for (seq, file) in outbox {
            let path = dir.join(folder::file_name(u64::try_from(seq).unwrap_or(0)));
            if !there.contains_key(&u64::try_from(seq).unwrap_or(0)) {
                folder::write_whole(&path, &file)?;
                written += 1;
            }
        }
        Ok(written)
    }

    /// This history takes a new device id: what it wrote as the old one up to `first_own - 1`
    /// is that device's files in the folder (applied here already); what it wrote from
    /// `first_own` on, which the folder does not hold as it wrote it, is written again under
    /// the new id. The old id's other files are then another device's, applied as such.
    fn become_new_device(&mut self, me: &Me, first_own: i64) -> Result<()> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let device = uuid::Uuid::new_v4().to_string();
        tx.execute(
            "INSERT INTO sync_devices (device, name, applied_seq, applied_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (device) DO UPDATE SET applied_seq = excluded.applied_seq",
            params![me.device, me.name, (first_own - 1).max(0), fmt_time(&now())],
        )?;
        let again: Vec<Vec<u8>> = tx
            .prepare("SELECT file FROM sync_outbox WHERE seq >= ?1 ORDER BY seq")?
            .query_map([first_own], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        tx.execute("DELETE FROM sync_outbox", [])?;
        tx.execute("UPDATE sync_self SET device = ?1", [&device])?;
        for (i, file) in again.iter().enumerate() {
            let Ok((mut header, changeset)) = folder::decode(file) else { continue };
            header.device = device.clone();
            header.seq = i as u64 + 1;
            header.deps.insert(me.device.clone(), u64::try_from(first_own - 1).unwrap_or(0));
            tx.execute(
                "INSERT INTO sync_outbox (seq, file, recorded_at) VALUES (?1, ?2, ?3)",
                params![
                    i64::try_from(header.seq).unwrap_or(i64::MAX),
                    folder::encode(header, &changeset),
                    fmt_time(&now())
                ],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    fn applied_seq(&self, device: &str) -> Result<u64> {
        Ok(self
            .conn
            .prepare_cached("SELECT applied_seq FROM sync_devices WHERE device = ?1")?
            .query_row([device], |r| r.get::<_, i64>(0))
            .optional()?
            .map_or(0, |n| u64::try_from(n).unwrap_or(0)))
    }

    fn device_name(&self, scan: &Scan, device: &str) -> Result<Option<String>> {
        if let Some(name) = scan
            .devices
            .iter()
            .find(|d| d.device == device)
            .and_then(|d| d.about.as_ref())
            .map(|a| a.name.clone())
        {
            return Ok(Some(name));
        }
        Ok(self
            .conn
            .prepare_cached("SELECT name FROM sync_devices WHERE device = ?1")?
            .query_row([device], |r| r.get::<_, Option<String>>(0))
            .optional()?
            .flatten())
    }

    /// What comes next from a device: its next file applicable, or why not.
    fn next_of(&self, dir: &DeviceDir, me: &str, names: &dyn Fn(&str) -> String) -> Result<Next> {
        let next = self.applied_seq(&dir.device)? + 1;
        let Some(path) = dir.files.get(&next) else {
            return Ok(match dir.files.keys().find(|s| **s > next) {
                Some(_) => Next::Wait(
                    SyncWaitKind::NeedsEarlierFile,
                    Text::new(
                        format!("Attend le fichier {next} de {}, pas encore arrivé.", names(&dir.device)),
                        format!("Waiting for file {next} of {}, not here yet.", names(&dir.device)),
                    ),
                ),
                None => Next::Nothing,
            });
        };
        let shown = format!("{}/{}/{}", folder::DIR_NAME, dir.device, folder::file_name(next));
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                return Ok(Next::Skip(
                    shown,
                    Text::new(format!("Illisible : {e}"), format!("Unreadable: {e}")),
                ));
            }
        };
        let (header, changeset) = match folder::decode(&bytes) {
            Ok(read) => read,
            Err(why @ Unreadable::NewerFormat(_)) => {
                return Ok(Next::Wait(SyncWaitKind::NewerSchema, why.text()));
            }
            Err(why) => return Ok(Next::Skip(shown, why.text())),
        };
        if header.device != dir.device || header.seq != next {
            return Ok(Next::Skip(
                shown,
                Text::new(
                    "Ce fichier dit venir d'ailleurs (appareil ou numéro) : il est laissé de côté.",
                    "This file says it comes from elsewhere (device or number): it is left aside.",
                ),
            ));
        }
        let supported = latest_schema_version();
        if header.schema > supported {
            return Ok(Next::Wait(
                SyncWaitKind::NewerSchema,
                Text::new(
                    format!(
                        "Écrit par une version plus récente de Greffier (historique au schéma {}, celui-ci connaît jusqu'au {supported}) : gardé sans être appliqué ; mettez Greffier à jour sur cet appareil.",
                        header.schema
                    ),
                    format!(
                        "Written by a newer Greffier (history schema {}; this one knows up to {supported}): kept unapplied; update Greffier on this device.",
                        header.schema
                    ),
                ),
            ));
        }
        for (device, seq) in &header.deps {
            if device != me && self.applied_seq(device)? < *seq {
                return Ok(Next::Wait(
                    SyncWaitKind::NeedsEarlierFile,
                    Text::new(
                        format!("Suit le fichier {seq} de {}, pas encore appliqué ici.", names(device)),
                        format!("Follows file {seq} of {}, not applied here yet.", names(device)),
                    ),
                ));
            }
        }
        Ok(Next::Apply(header, changeset))
    }

    /// Applies every file that can be, device by device, until none more can.
    fn apply_folder(&mut self, scan: &Scan, report: &mut SyncReport) -> Result<()> {
        let me = capture::me(&self.conn)?.ok_or_else(not_shared)?;
        let names: HashMap<String, String> = scan
            .devices
            .iter()
            .map(|d| {
                (
                    d.device.clone(),
                    self.device_name(scan, &d.device).ok().flatten().unwrap_or_else(|| short(&d.device)),
                )
            })
            .collect();
        let name_of = |d: &str| names.get(d).cloned().unwrap_or_else(|| short(d));
        let mut skipped: HashSet<String> = HashSet::new();
        for stray in &scan.strays {
            skipped.insert(stray.clone());
            report.skipped.push(SyncSkipped { file: stray.clone(), reason: Unreadable::Foreign.text() });
        }
        let mut changed = Vec::new();
        loop {
            let mut progress = false;
            for dir in scan.devices.iter().filter(|d| d.device != me.device) {
                loop {
                    match self.next_of(dir, &me.device, &name_of)? {
                        Next::Apply(header, changeset) => {
                            let shown = format!(
                                "{}/{}/{}",
                                folder::DIR_NAME,
                                dir.device,
                                folder::file_name(header.seq)
                            );
                            let name = dir.about.as_ref().map(|a| a.name.clone());
                            match self.apply_file(&header, &changeset, name.as_deref())? {
                                Outcome::Before => progress = true,
                                Outcome::Applied(applied, plays) => {
                                    report.applied.push(SyncApplied { device_name: name, ..applied });
                                    changed.extend(plays);
                                    progress = true;
                                }
                                Outcome::Refused(why) => {
                                    if skipped.insert(shown.clone()) {
                                        report.skipped.push(SyncSkipped {
                                            file: shown,
                                            reason: Text::new(
                                                format!("Refusé, rien n'en est appliqué : {why}"),
                                                format!("Refused, nothing of it applied: {why}"),
                                            ),
                                        });
                                    }
                                    break;
                                }
                            }
                        }
                        Next::Skip(file, reason) => {
                            if skipped.insert(file.clone()) {
                                report.skipped.push(SyncSkipped { file, reason });
                            }
                            break;
                        }
                        Next::Wait(..) | Next::Nothing => break,
                    }
                }
            }
            if !progress {
                break;
            }
        }
        changed.sort_unstable();
        changed.dedup();
        report.changed_plays = changed.into_iter().filter_map(|id| u32::try_from(id).ok()).collect();
        Ok(())
    }

    /// Applies one file in a transaction of its own: this history's pending changes captured
    /// first, the changeset applied to the record, this history's rows written from it, the
    /// device's progress kept. A file refused leaves nothing of it (its reason returned).
    fn apply_file(&mut self, header: &Header, changeset: &[u8], name: Option<&str>) -> Result<Outcome> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let applied: i64 = tx
            .query_row("SELECT applied_seq FROM sync_devices WHERE device = ?1", [&header.device], |r| {
                r.get(0)
            })
            .optional()?
            .unwrap_or(0);
        if u64::try_from(applied).unwrap_or(0) + 1 != header.seq {
            // Another pass (over another connection) applied it meanwhile.
            return Ok(Outcome::Before);
        }
        let mut me = capture::me(&tx)?.ok_or_else(not_shared)?;
        capture::capture(&tx, &mut me)?;
        let found_at = fmt_time(&now());
        let (changes, kept_aside) = match apply::apply(&tx, changeset, &found_at) {
            Ok(done) => done,
            Err(refused) => return Ok(Outcome::Refused(refused.0)),
        };
        let written = match write_rows(&tx, &changes) {
            Ok(written) => written,
            Err(e) => return Ok(Outcome::Refused(e.to_string())),
        };
        tx.execute(
            "INSERT INTO sync_devices (device, name, applied_seq, applied_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (device) DO UPDATE SET name = COALESCE(excluded.name, name),
                 applied_seq = excluded.applied_seq, applied_at = excluded.applied_at",
            params![header.device, name, i64::try_from(header.seq).unwrap_or(i64::MAX), found_at],
        )?;
        capture::save_clock(&tx, me.clock.max(apply::max_clock(&changes)))?;
        tx.commit()?;
        let count =
            |kind: Kind| u32::try_from(changes.iter().filter(|c| c.kind == kind).count()).unwrap_or(u32::MAX);
        Ok(Outcome::Applied(
            SyncApplied {
                device: header.device.clone(),
                device_name: None,
                seq: u32_of(header.seq),
                players: count(Kind::Player),
                plays: count(Kind::Play) + count(Kind::OtherPlay),
                conflicts: kept_aside,
            },
            written,
        ))
    }

    /// The first file each device's remaining files wait behind, and how many wait.
    fn waiting(&self, scan: &Scan) -> Result<(Vec<SyncWaiting>, Vec<SyncSkipped>)> {
        let me = capture::me(&self.conn)?;
        let mine = me.as_ref().map(|m| m.device.clone()).unwrap_or_default();
        let names: HashMap<String, String> = scan
            .devices
            .iter()
            .map(|d| {
                (
                    d.device.clone(),
                    self.device_name(scan, &d.device).ok().flatten().unwrap_or_else(|| short(&d.device)),
                )
            })
            .collect();
        let name_of = |d: &str| names.get(d).cloned().unwrap_or_else(|| short(d));
        let mut waiting = Vec::new();
        let mut skipped = Vec::new();
        for dir in scan.devices.iter().filter(|d| d.device != mine) {
            let applied = self.applied_seq(&dir.device)?;
            let left = u32::try_from(dir.files.keys().filter(|s| **s > applied).count()).unwrap_or(u32::MAX);
            if left == 0 {
                continue;
            }
            let (kind, reason) = match self.next_of(dir, &mine, &name_of)? {
                Next::Wait(kind, reason) => (kind, reason),
                Next::Skip(file, reason) => {
                    skipped.push(SyncSkipped { file, reason: reason.clone() });
                    (SyncWaitKind::NeedsEarlierFile, reason)
                }
                Next::Apply(..) => (
                    SyncWaitKind::NeedsEarlierFile,
                    Text::new("Sera appliqué au prochain passage.", "Will be applied at the next pass."),
                ),
                Next::Nothing => continue,
            };
            waiting.push(SyncWaiting {
                device: dir.device.clone(),
                device_name: names.get(&dir.device).cloned(),
                seq: u32_of(applied + 1),
                files: left,
                kind,
                reason,
            });
        }
        for stray in &scan.strays {
            skipped.push(SyncSkipped { file: stray.clone(), reason: Unreadable::Foreign.text() });
        }
        Ok((waiting, skipped))
    }

    /// Rewrites this device's `device.json` when what it says changed.
    fn write_device_file(&self, folder: &Path) -> Result<()> {
        let me = capture::me(&self.conn)?.ok_or_else(not_shared)?;
        let applied: BTreeMap<String, u64> = self
            .conn
            .prepare("SELECT device, applied_seq FROM sync_devices WHERE applied_seq > 0")?
            .query_map([], |r| Ok((r.get::<_, String>(0)?, u64::try_from(r.get::<_, i64>(1)?).unwrap_or(0))))?
            .collect::<rusqlite::Result<_>>()?;
        let last_seq: i64 =
            self.conn.query_row("SELECT COALESCE(MAX(seq), 0) FROM sync_outbox", [], |r| r.get(0))?;
        let path = folder.join(folder::DIR_NAME).join(&me.device).join(folder::DEVICE_FILE);
        let old: Option<DeviceFile> = std::fs::read(&path).ok().and_then(|b| serde_json::from_slice(&b).ok());
        let about = DeviceFile {
            format: folder::FORMAT,
            device: me.device.clone(),
            name: me.name.clone(),
            schema: latest_schema_version(),
            app_version: env!("CARGO_PKG_VERSION").to_owned(),
            written_at: fmt_time(&now()),
            last_seq: u64::try_from(last_seq).unwrap_or(0),
            applied,
        };
        let unchanged =
            old.is_some_and(|o| DeviceFile { written_at: about.written_at.clone(), ..o } == about);
        if unchanged {
            return Ok(());
        }
        folder::write_whole(&path, serde_json::to_string_pretty(&about).unwrap_or_default().as_bytes())
    }

    /// Where sharing stands: this device, every device of the folder, what waits, what was
    /// skipped, the conflicts. Reads the folder; applies nothing.
    pub fn sync_status(&self) -> Result<SyncStatus> {
        let me = capture::me(&self.conn)?;
        let conflicts = self.conflict_count()?;
        let last_pass_at: Option<String> =
            self.conn.query_row("SELECT last_pass_at FROM sync_self", [], |r| r.get(0)).optional()?.flatten();
        let dirty: bool =
            self.conn.query_row("SELECT EXISTS (SELECT 1 FROM sync_dirty)", [], |r| r.get(0))?;
        let mut status = SyncStatus {
            folder: me.as_ref().and_then(|m| m.folder.clone()),
            device: me.as_ref().map(|m| m.device.clone()),
            device_name: me.as_ref().map(|m| m.name.clone()),
            devices: Vec::new(),
            pending: dirty && me.as_ref().is_some_and(|m| m.folder.is_some()),
            waiting: Vec::new(),
            skipped: Vec::new(),
            conflicts,
            last_pass_at: last_pass_at.and_then(|t| parse_time(&t).ok()),
            folder_problem: None,
        };
        let (Some(me), Some(folder)) = (me.as_ref(), status.folder.clone()) else { return Ok(status) };
        let scan = match folder::scan(Path::new(&folder)) {
            Ok(scan) => scan,
            Err(e) => {
                status.folder_problem = Some(Text::new(
                    format!("Dossier illisible : {e}"),
                    format!("The folder cannot be read: {e}"),
                ));
                return Ok(status);
            }
        };
        let (waiting, skipped) = self.waiting(&scan)?;
        status.waiting = waiting;
        status.skipped = skipped;
        let outbox: i64 = self.conn.query_row("SELECT COUNT(*) FROM sync_outbox", [], |r| r.get(0))?;
        let mine_there = scan.devices.iter().find(|d| d.device == me.device).map_or(0, |d| d.files.len());
        status.pending |= usize::try_from(outbox).unwrap_or(0) > mine_there;
        let known: Vec<(String, Option<String>, i64, Option<String>)> = self
            .conn
            .prepare("SELECT device, name, applied_seq, applied_at FROM sync_devices ORDER BY device")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let mut devices: Vec<String> = vec![me.device.clone()];
        devices.extend(scan.devices.iter().map(|d| d.device.clone()).filter(|d| *d != me.device));
        devices.extend(
            known
                .iter()
                .map(|k| k.0.clone())
                .filter(|d| !scan.devices.iter().any(|s| s.device == *d) && *d != me.device),
        );
        for device in devices {
            let dir = scan.devices.iter().find(|d| d.device == device);
            let about = dir.and_then(|d| d.about.as_ref());
            let row = known.iter().find(|k| k.0 == device);
            let this_device = device == me.device;
            status.devices.push(SyncDeviceStatus {
                name: if this_device {
                    Some(me.name.clone())
                } else {
                    about.map(|a| a.name.clone()).or_else(|| row.and_then(|r| r.1.clone()))
                },
                files: dir.and_then(|d| d.files.keys().next_back()).map_or(0, |s| u32_of(*s)),
                applied_seq: row.map_or(0, |r| u32::try_from(r.2).unwrap_or(0)),
                applied_at: row.and_then(|r| r.3.as_deref()).and_then(|t| parse_time(t).ok()),
                seen_at: about.and_then(|a| parse_time(&a.written_at).ok()),
                has_applied_ours: if this_device {
                    None
                } else {
                    about.map(|a| u32_of(a.applied.get(&me.device).copied().unwrap_or(0)))
                },
                app_version: about.map(|a| a.app_version.clone()),
                schema: about.map(|a| a.schema),
                this_device,
                device,
            });
        }
        Ok(status)
    }
}

/// The connection's room while a pass applies files (`benches/history.rs`, `sharing`): a
/// fresh device writes the whole group's history, and its indexes (plays by uuid, seats by
/// player) are written in no order. With SQLite's default page cache most of those writes read
/// their page back from the file; each statement's own journal stays in memory instead of
/// spilling to a temporary file. Set back after the pass: a history open on screen keeps the
/// default's small footprint. Commits wait for the disk as SQLite's `NORMAL` says, not `FULL`:
/// a file whose commit a power cut undoes is still in the folder and applied again at the next
/// pass, with the device's progress and this history's changes captured with it.
struct Roomy {
    cache_size: i64,
    temp_store: i64,
    synchronous: i64,
}

impl Roomy {
    /// The page cache while applying, in KiB (SQLite's negative `cache_size`).
    const CACHE_KIB: i64 = 64 * 1024;

    fn set(conn: &Connection) -> Result<Roomy> {
        let cache_size = conn.query_row("PRAGMA cache_size", [], |r| r.get(0))?;
        let temp_store = conn.query_row("PRAGMA temp_store", [], |r| r.get(0))?;
        let synchronous = conn.query_row("PRAGMA synchronous", [], |r| r.get(0))?;
        conn.pragma_update(None, "cache_size", -Roomy::CACHE_KIB)?;
        conn.pragma_update(None, "temp_store", "MEMORY")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        Ok(Roomy { cache_size, temp_store, synchronous })
    }

    fn restore(self, conn: &Connection) -> Result<()> {
        conn.pragma_update(None, "cache_size", self.cache_size)?;
        conn.pragma_update(None, "temp_store", self.temp_store)?;
        conn.pragma_update(None, "synchronous", self.synchronous)?;
        Ok(())
    }
}

/// A device's id shortened for a sentence, when it has no name.
fn short(device: &str) -> String {
    device.chars().take(8).collect()
}

/// Writes this history's rows from the records the changes touched: players first (a play's
/// seats name them), then plays. Returns the plays written.
fn write_rows(conn: &Connection, changes: &[Change]) -> Result<Vec<i64>> {
    let mut players: Vec<String> = Vec::new();
    let mut plays: Vec<String> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    let mut seen: HashSet<(Kind, &str)> = HashSet::new();
    for change in changes {
        if seen.insert((change.kind, change.uuid.as_str())) {
            match change.kind {
                Kind::Player => players.push(change.uuid.clone()),
                Kind::Play => plays.push(change.uuid.clone()),
                Kind::OtherPlay => others.push(change.uuid.clone()),
            }
        }
    }
    let mut rows = Materializer::new(conn)?;
    rows.players(&players)?;
    rows.plays(&plays)?;
    rows.other_plays(&others)?;
    rows.finish()
}
