; Inno Setup script for Miss Dice on Windows: a per-user install (no administrator rights),
; a Start-menu entry, an uninstaller, and the opening of missdice: links and .missdice files.
; installer/build.py compiles it with iscc, passing the values below from pyproject.toml and
; installer/associations.toml (/DAppVersion=… and so on); the defaults let it compile alone.

#ifndef AppName
  #define AppName "Miss Dice"
#endif
#ifndef AppId
  #define AppId "missdice-desktop"
#endif
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef VersionNumbers
  #define VersionNumbers "0.0.0"
#endif
#ifndef Scheme
  #define Scheme "missdice"
#endif
#ifndef Extension
  #define Extension ".missdice"
#endif
#ifndef FileDescription
  #define FileDescription "Miss Dice game"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\build\dist\missdice"
#endif
#ifndef IconFile
  #define IconFile "..\..\build\icons\missdice.ico"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
; The windowed program (no console); missdice.exe beside it is the command-line one.
#define WindowedExe AppName + ".exe"
#define ProgId "MissDice.Game"

[Setup]
AppId={#AppId}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
; The setup program's own file version (Explorer's Details tab): numbers only.
VersionInfoVersion={#VersionNumbers}
AppPublisher=The Miss Dice Desktop team
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Per user: installs under %LOCALAPPDATA%\Programs, writes HKCU only, asks no admin rights.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ChangesAssociations=yes
OutputDir={#OutputDir}
OutputBaseFilename={#AppId}-{#AppVersion}-windows-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#WindowedExe}
UninstallDisplayName={#AppName}
LicenseFile={#SourceDir}\licenses\missdice-desktop-MIT.txt
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "fr"; MessagesFile: "compiler:Languages\French.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#WindowedExe}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#WindowedExe}"; Tasks: desktopicon

[Registry]
; .missdice files open in Miss Dice.
Root: HKA; Subkey: "Software\Classes\{#Extension}"; ValueType: string; ValueName: ""; ValueData: "{#ProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "{#FileDescription}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#WindowedExe},0"
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#WindowedExe}"" ""%1"""
; missdice: links open in Miss Dice.
Root: HKA; Subkey: "Software\Classes\{#Scheme}"; ValueType: string; ValueName: ""; ValueData: "URL:{#AppName} link"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#Scheme}"; ValueType: string; ValueName: "URL Protocol"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\{#Scheme}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#WindowedExe},0"
Root: HKA; Subkey: "Software\Classes\{#Scheme}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#WindowedExe}"" ""%1"""

[Run]
Filename: "{app}\{#WindowedExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
